import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * The crown premium members wear next to their name. `compact` draws the crown alone (the sidebar), still named
 * for assistive technology; `tone="inverted"` suits the dark hero surfaces.
 */
export function PremiumBadge({
  compact = false,
  tone = 'default',
  className,
}: {
  compact?: boolean;
  tone?: 'default' | 'inverted';
  className?: string;
}) {
  const { t } = useTranslation();
  const label = t('premium.badgeLabel');
  if (compact)
    return (
      <span
        role="img"
        aria-label={label}
        title={label}
        data-testid="premium-badge"
        className={cn(
          'inline-grid size-6 shrink-0 place-items-center rounded-full bg-amber-400/90 text-amber-950',
          className,
        )}
      >
        <Crown className="size-3.5" aria-hidden />
      </span>
    );
  return (
    <Badge
      data-testid="premium-badge"
      title={label}
      className={cn(
        tone === 'inverted'
          ? 'border-amber-300/50 bg-amber-950/50 text-amber-100'
          : 'border-amber-400/50 bg-amber-100 text-amber-800',
        className,
      )}
    >
      <Crown aria-hidden />
      {t('premium.badge')}
    </Badge>
  );
}
