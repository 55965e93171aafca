import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SwitchRow } from '@/components/forms/switch-row';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PREMIUM_COST_MAX, PREMIUM_COST_MIN } from '@/lib/rules';
import { clampCreditCost } from '../../lib/composer-rules';

/** The premium switch and, when on, the unlock price (1 to 10 credits). Only premium members and admins see it. */
export function PremiumFields({
  isPremium,
  creditCost,
  onChange,
  disabled,
}: {
  isPremium: boolean;
  creditCost: number;
  onChange: (change: { isPremium?: boolean; creditCost?: number }) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 rounded-xl border border-amber-400/40 bg-amber-50/60 p-3">
      <SwitchRow
        id="composer-premium"
        label={t('feed.composer.premium')}
        checked={isPremium}
        onChange={(checked) => onChange({ isPremium: checked })}
        disabled={disabled}
      />
      {isPremium && (
        <div className="flex flex-wrap items-center gap-3">
          <Label htmlFor="composer-cost" className="flex-1">
            <Crown className="size-4 text-amber-600" aria-hidden />
            {t('feed.composer.creditCost')}
          </Label>
          <Input
            id="composer-cost"
            type="number"
            inputMode="numeric"
            min={PREMIUM_COST_MIN}
            max={PREMIUM_COST_MAX}
            step={1}
            className="w-24"
            value={creditCost}
            disabled={disabled}
            aria-describedby="composer-cost-hint"
            onChange={(event) => onChange({ creditCost: clampCreditCost(event.target.valueAsNumber) })}
          />
          <p id="composer-cost-hint" className="w-full text-xs text-muted-foreground">
            {t('feed.composer.creditCostHint', { min: PREMIUM_COST_MIN, max: PREMIUM_COST_MAX })}
          </p>
        </div>
      )}
    </div>
  );
}
