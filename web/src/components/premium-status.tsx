import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { formatLongDate } from '@/lib/dates';
import { isPremiumActive } from '@/lib/premium';

/** 'Attivo fino al 12 marzo 2027 · Acquistato', or 'Non attivo'. */
export function PremiumStatus({
  user,
}: {
  user: Pick<User, 'isPremium' | 'premiumSubscriptionExpiry' | 'premiumSource'>;
}) {
  const { t, i18n } = useTranslation();
  if (!isPremiumActive(user)) return <span className="text-muted-foreground">{t('premium.status.inactive')}</span>;
  const until = formatLongDate(user.premiumSubscriptionExpiry, i18n.language);
  return (
    <span className="flex flex-col items-end text-right" data-testid="premium-status">
      <span className="font-semibold text-amber-700">
        {until ? t('premium.status.activeUntil', { date: until }) : t('premium.status.active')}
      </span>
      {user.premiumSource && (
        <span className="text-xs font-normal text-muted-foreground">
          {t(`premium.status.source.${user.premiumSource}`)}
        </span>
      )}
    </span>
  );
}
