import { Filter, History, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { formatMonths, formatSignedCredits } from '@/lib/money';
import { useAudit } from '../api/get-audit';
import { useUsers } from '../api/get-users';
import type { AuditEntry, AuditPost } from '../api/types';
import { useDebounced } from '../hooks/use-debounced';
import { useUserName } from '../hooks/use-user-name';
import { formatAdminDate } from '../lib/format';
import { ListEmpty, ListError, ListLoading } from './list-state';

/** The admin select's value for 'every admin' (a Select item cannot have an empty value). */
const ALL_ADMINS = 'all';
const TARGET_DEBOUNCE_MS = 300;
/** The admins offered in the filter: one page of the users list, filtered by role. */
const ADMINS_QUERY = { search: '', verification: 'all', role: 'admin', page: 1, limit: 25 } as const;

/** 'Audit': what admins did, newest first, filtered by admin and by target, 50 at a time. */
export function AuditTab() {
  const { t } = useTranslation();
  const id = useId();
  const nameOf = useUserName();
  const [adminId, setAdminId] = useState(ALL_ADMINS);
  const [typedTarget, setTypedTarget] = useState('');
  const targetId = useDebounced(typedTarget.trim(), TARGET_DEBOUNCE_MS);
  const admins = useUsers(ADMINS_QUERY);
  const audit = useAudit({ adminId: adminId === ALL_ADMINS ? '' : adminId, targetId });
  const entries = audit.data?.pages.flatMap((page) => page.entries);

  return (
    <section className="space-y-4" aria-label={t('admin.tabs.audit')}>
      <div className="grid gap-3 rounded-2xl border bg-card p-4 shadow-sm sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-admin`}>{t('admin.audit.adminFilter')}</Label>
          <Select value={adminId} onValueChange={setAdminId}>
            <SelectTrigger id={`${id}-admin`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_ADMINS}>{t('admin.audit.allAdmins')}</SelectItem>
              {admins.data?.users.map((admin) => (
                <SelectItem key={admin.id} value={admin.id}>
                  @{nameOf(admin)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-target`}>{t('admin.audit.targetFilter')}</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-target`}
              value={typedTarget}
              onChange={(event) => setTypedTarget(event.target.value)}
              placeholder={t('admin.audit.targetPlaceholder')}
              autoComplete="off"
            />
            {typedTarget && (
              <Button
                variant="outline"
                size="icon"
                onClick={() => setTypedTarget('')}
                aria-label={t('admin.audit.clearTarget')}
                title={t('admin.audit.clearTarget')}
              >
                <X aria-hidden />
              </Button>
            )}
          </div>
        </div>
      </div>

      {entries ? (
        entries.length > 0 ? (
          <>
            <Card className="gap-0 py-0">
              <ol className="divide-y" aria-label={t('admin.audit.title')}>
                {entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} onTarget={setTypedTarget} />
                ))}
              </ol>
            </Card>
            {audit.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void audit.fetchNextPage()}
                  disabled={audit.isFetchingNextPage}
                >
                  {audit.isFetchingNextPage && <Spinner />}
                  {t('admin.audit.loadMore')}
                </Button>
              </div>
            )}
          </>
        ) : (
          <ListEmpty icon={History} text={t('admin.audit.empty')} />
        )
      ) : audit.isPending ? (
        <ListLoading />
      ) : (
        <ListError text={t('admin.loadError', { message: audit.error?.message ?? '' })} />
      )}
    </section>
  );
}

const FEEDBACK_STATUSES = ['pending', 'in_review', 'resolved'];

/**
 * What the entry's detail says, in words: the amount of an adjustment, the months granted, the feedback's new status.
 * A report's or a deleted post's detail is an id the admin has no use for.
 */
function useDetailText() {
  const { t, i18n } = useTranslation();
  return ({ action, detail }: AuditEntry): string | null => {
    if (!detail) return null;
    const number = /^[+-]?\d+$/.test(detail) ? Number(detail) : null;
    switch (action) {
      case 'credits_adjusted':
        return number === null
          ? detail
          : t('admin.audit.creditsDetail', { amount: formatSignedCredits(number, i18n.language) });
      case 'premium_granted':
        return number === null ? detail : formatMonths(number, i18n.language);
      case 'feedback_status_changed':
        return FEEDBACK_STATUSES.includes(detail) ? t(`admin.feedback.statuses.${detail}`) : detail;
      case 'report_in_review':
      case 'report_resolved':
      case 'post_deleted':
        return null;
      default:
        return detail;
    }
  };
}

/**
 * What the entry is about, in words rather than an id: the member ('@name'), the post (its opening words, or that it
 * is a photo or video, or gone, and whose it is; for a report's action the report's reason first), the feedback (its
 * type and opening words).
 */
function useSubjectText() {
  const { t } = useTranslation();
  const nameOf = useUserName();
  const quoted = (text: string) => t('admin.audit.subject.quoted', { text });
  const postText = ({ excerpt, author }: AuditPost) => {
    const post =
      excerpt === null
        ? t('admin.reports.postDeleted')
        : excerpt
          ? quoted(excerpt)
          : t('admin.audit.subject.mediaPost');
    return author ? `${post} ${t('admin.audit.subject.author', { name: `@${nameOf(author)}` })}` : post;
  };
  return (entry: AuditEntry): string => {
    if (entry.targetType === 'user') return entry.targetLabel ? `@${entry.targetLabel}` : t('admin.users.deleted');
    if (entry.post) {
      const post = postText(entry.post);
      return entry.reportReason
        ? t('admin.audit.subject.report', { reason: t(`admin.reports.reasons.${entry.reportReason}`), post })
        : post;
    }
    if (entry.feedback) {
      const type = t(`admin.feedback.types.${entry.feedback.type}`);
      return entry.feedback.excerpt === null
        ? t('admin.audit.subject.deletedFeedback', { type })
        : t('admin.audit.subject.feedback', { type, text: quoted(entry.feedback.excerpt) });
    }
    return entry.targetId;
  };
}

function AuditRow({ entry, onTarget }: { entry: AuditEntry; onTarget: (targetId: string) => void }) {
  const { t } = useTranslation();
  const nameOf = useUserName();
  const detailOf = useDetailText();
  const subjectOf = useSubjectText();
  const target = subjectOf(entry);
  const detail = detailOf(entry);
  return (
    <li className="space-y-1 px-4 py-3 text-sm" data-testid="audit-entry">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t(`admin.audit.actions.${entry.action}`)}</span>
        <Badge variant="outline">{t(`admin.audit.targetTypes.${entry.targetType}`)}</Badge>
        <time className="ml-auto text-xs text-muted-foreground" dateTime={entry.at}>
          {formatAdminDate(entry.at)}
        </time>
      </div>
      <button
        type="button"
        onClick={() => onTarget(entry.targetId)}
        className="flex max-w-full items-start gap-1.5 rounded text-left text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        title={t('admin.audit.filterByTarget', { target })}
        data-testid="audit-subject"
      >
        <Filter className="mt-1 size-3 shrink-0" aria-hidden />
        <span className="line-clamp-2 min-w-0 break-words">{target}</span>
      </button>
      <p className="text-xs text-muted-foreground">{t('admin.audit.by', { name: `@${nameOf(entry.admin)}` })}</p>
      {entry.reason && <p className="break-words">{t('admin.audit.reason', { reason: entry.reason })}</p>}
      {detail && <p className="break-words text-muted-foreground">{detail}</p>}
    </li>
  );
}
