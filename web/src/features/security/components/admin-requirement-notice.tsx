import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { formatDateTime } from '@/lib/dates';

/** Whether the grace is over: read at each render, as the server checks it at each request. */
const isPast = (iso: string) => Date.parse(iso) <= Date.now();

/**
 * For an admin who must add a second factor (ADMIN_SECOND_FACTOR=required): until when they may go on without, or
 * that the console waits for it now.
 */
export function AdminRequirementNotice({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  if (!user.isAdmin || user.secondFactor || !user.secondFactorDueAt) return null;
  const overdue = isPast(user.secondFactorDueAt);
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive bg-destructive/10 p-4 text-sm">
      <ShieldAlert className="size-5 shrink-0 text-destructive" aria-hidden />
      <p>
        {overdue
          ? t('secondFactor.admin.overdue')
          : t('secondFactor.admin.dueBy', { date: formatDateTime(user.secondFactorDueAt, i18n.language) })}
      </p>
    </div>
  );
}
