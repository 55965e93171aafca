import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChoiceGroup, ChoiceGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { numberFormat } from '@/lib/intl';
import { cn } from '@/lib/utils';
import { DEFAULT_TESTER_PRESET, TESTER_PRESETS, useTesterGrant } from '../hooks/use-tester-grant';

/** The feed's panel for testers: pick an amount, add it to the own balance for free. */
export function TesterCreditsPanel() {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState<number>(DEFAULT_TESTER_PRESET);
  const grant = useTesterGrant();
  const number = numberFormat(i18n.language);

  return (
    <Card className="border-dashed border-sky-400/60 bg-sky-50/60" data-testid="tester-panel">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <FlaskConical className="size-5 text-sky-700" aria-hidden />
          {t('wallet.tester.title')}
        </CardTitle>
        <CardDescription>{t('wallet.tester.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <ChoiceGroup
          aria-label={t('wallet.tester.amountLabel')}
          value={String(amount)}
          onValueChange={(picked) => setAmount(Number(picked))}
          className="flex flex-wrap gap-2"
        >
          {TESTER_PRESETS.map((preset) => (
            <ChoiceGroupItem
              key={preset}
              value={String(preset)}
              className={cn(
                'h-9 rounded-lg border px-3 text-sm font-semibold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                amount === preset
                  ? 'border-sky-600 bg-sky-600 text-white'
                  : 'border-input bg-card hover:bg-secondary hover:text-secondary-foreground',
              )}
            >
              {number.format(preset)}
            </ChoiceGroupItem>
          ))}
        </ChoiceGroup>
        <Button onClick={() => grant.mutate(amount)} disabled={grant.isPending} className="ml-auto">
          {grant.isPending && <Spinner />}
          {t('wallet.tester.add')}
        </Button>
      </CardContent>
    </Card>
  );
}
