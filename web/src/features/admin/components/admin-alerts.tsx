import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UnreadBadge } from '@/components/unread-badge';
import { cn } from '@/lib/utils';
import { pendingWork, useAdminCounts } from '../api/counts';

/** The admin console's reports tab, where the banner leads. */
export const ADMIN_REPORTS_PATH = '/admin?tab=reports';

/** The admin entry's badge: posts and verifications waiting, and reported posts. Nothing for non-admins. */
export function AdminWorkBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { data } = useAdminCounts();
  const count = data ? pendingWork(data) : 0;
  return (
    <UnreadBadge
      count={count}
      className={className}
      testId="admin-work-badge"
      label={t('adminAlerts.pendingWork', { count })}
    />
  );
}

/** The feedback entry's badge for admins: feedback not yet resolved. Nothing for non-admins. */
export function OpenFeedbackBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const count = useAdminCounts().data?.openFeedback ?? 0;
  return (
    <UnreadBadge
      count={count}
      className={className}
      testId="open-feedback-badge"
      label={t('adminAlerts.openFeedback', { count })}
    />
  );
}

/**
 * The orange banner admins see while reported posts wait for moderation ('1 post segnalato...' / 'N post
 * segnalati...'), leading to the console's reports. Nothing for non-admins or with nothing reported.
 */
export function ReportedPostsBanner({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const count = useAdminCounts().data?.openReports ?? 0;
  if (count <= 0) return null;
  return (
    <Link
      to={ADMIN_REPORTS_PATH}
      onClick={onNavigate}
      data-testid="reported-posts-banner"
      className={cn(
        'flex items-center gap-3 rounded-xl border border-orange-300 bg-orange-50 px-3 py-2.5 text-sm font-medium text-orange-900 shadow-sm transition-colors outline-none hover:bg-orange-100 focus-visible:ring-[3px] focus-visible:ring-orange-400/50 dark:border-orange-500/40 dark:bg-orange-500/15 dark:text-orange-100',
        className,
      )}
    >
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-orange-500 text-white" aria-hidden>
        <Flag className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block">
          {count === 1 ? t('adminAlerts.reportedOne') : t('adminAlerts.reportedMany', { count })}
        </span>
        <span className="block text-xs font-normal text-orange-800/80 dark:text-orange-100/80">
          {t('adminAlerts.reviewReports')}
        </span>
      </span>
    </Link>
  );
}
