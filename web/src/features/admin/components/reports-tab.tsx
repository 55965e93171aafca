import { CheckCheck, Eye, Flag, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { useAdminDeletePost } from '../api/delete-post';
import { useReports } from '../api/get-reports';
import type { PostReport, ReportGroup, ReportStatus } from '../api/types';
import { useUpdateReport } from '../api/update-report';
import { useUserName } from '../hooks/use-user-name';
import { categoryLabel } from '../lib/category-label';
import { formatAdminDate } from '../lib/format';
import { notifyDeleteFailure, notifyFailure, notifySuccess } from '../lib/notify';
import { DeleteButton } from './confirm-button';
import { ListEmpty, QueryList } from './list-state';
import { PostMedia } from './post-media';

const STATUS_LOOK = { pending: 'destructive', in_review: 'warning', resolved: 'success' } as const;

/** 'Segnalazioni Post': the reports of each post together, newest activity first. */
export function ReportsTab() {
  const { t } = useTranslation();
  const reports = useReports();
  return (
    <section className="space-y-4" aria-label={t('admin.tabs.reports')}>
      <QueryList
        query={reports}
        errorKey="admin.reportsLoadError"
        empty={<ListEmpty icon={ShieldCheck} text={t('admin.reports.empty')} />}
        className="grid gap-4"
        itemKey={(group) => group.postId}
      >
        {(group) => <ReportGroupCard group={group} />}
      </QueryList>
    </section>
  );
}

function StatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  return <Badge variant={STATUS_LOOK[status] ?? 'secondary'}>{t(`admin.reports.statuses.${status}`)}</Badge>;
}

function ReportGroupCard({ group }: { group: ReportGroup }) {
  const { t } = useTranslation();
  const nameOf = useUserName();
  const { post } = group;
  const update = useUpdateReport({
    onSuccess: (answer) => notifySuccess(t('admin.reports.updated'), answer.message),
    onError: (error) => notifyFailure(t, t('admin.errors.report'), error),
  });
  const removePost = useAdminDeletePost({
    onSuccess: (answer) => notifySuccess(t('admin.posts.deleted'), answer.message),
    onError: (error) => notifyDeleteFailure(t, t('admin.errors.deletePost'), error),
  });
  const busy = update.isPending || removePost.isPending;

  const takeInReview = () =>
    update.mutate({ reportId: group.id, status: 'in_review', adminNotes: t('admin.reports.notes.inReview') });
  // Straight from pending: nothing wrong was found; after a review: the review's outcome.
  const resolve = () =>
    update.mutate({
      reportId: group.id,
      status: 'resolved',
      adminNotes:
        group.status === 'in_review'
          ? t('admin.reports.notes.resolvedAfterReview')
          : t('admin.reports.notes.resolvedNoViolation'),
    });

  return (
    <Card className="gap-4 py-5" data-testid="report-group" data-status={group.status}>
      <CardHeader className="flex-row flex-wrap items-center gap-2 px-5">
        <StatusBadge status={group.status} />
        <Badge variant="outline">
          <Flag aria-hidden />
          {t('admin.reports.count', { count: group.reportCount })}
        </Badge>
        <span className="ml-auto text-xs text-muted-foreground">
          {t('admin.reports.date')}: {formatAdminDate(group.createdAt)}
        </span>
      </CardHeader>
      <CardContent className="grid gap-5 px-5 md:grid-cols-2">
        <div className="space-y-3">
          {post ? (
            <>
              {post.title && <h3 className="font-semibold">{post.title}</h3>}
              <p className="text-sm break-words whitespace-pre-wrap">
                {post.content || <span className="text-muted-foreground italic">{t('admin.posts.noText')}</span>}
              </p>
              <PostMedia post={post} />
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t('admin.reports.author')}</dt>
                <dd className="font-medium break-all">@{nameOf(post.author)}</dd>
                <dt className="text-muted-foreground">{t('admin.reports.category')}</dt>
                <dd>{categoryLabel(t, post.category)}</dd>
              </dl>
            </>
          ) : (
            <p className="rounded-xl bg-muted px-4 py-6 text-center text-sm font-medium text-muted-foreground">
              {t('admin.reports.postDeleted')}
            </p>
          )}
          {(group.adminNotes || group.reviewer) && (
            <div className="space-y-1 rounded-xl border bg-secondary/40 px-3 py-2 text-sm" data-testid="report-notes">
              <p className="text-xs font-semibold text-muted-foreground">{t('admin.reports.adminNotes')}</p>
              {group.adminNotes && <p className="break-words">{group.adminNotes}</p>}
              {group.reviewer && (
                <p className="text-xs text-muted-foreground">
                  {t('admin.reports.reviewer', { name: nameOf(group.reviewer) })}
                </p>
              )}
            </div>
          )}
        </div>
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">{t('admin.reports.reporters')}</h3>
          <ul className="divide-y rounded-xl border">
            {group.reports.map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </ul>
        </div>
      </CardContent>
      {group.status !== 'resolved' && (
        <CardFooter className="flex-wrap px-5">
          {group.status === 'pending' && (
            <Button size="sm" variant="outline" disabled={busy} onClick={takeInReview}>
              <Eye aria-hidden />
              {t('admin.reports.takeInReview')}
            </Button>
          )}
          <Button size="sm" disabled={busy} onClick={resolve}>
            <CheckCheck aria-hidden />
            {t('admin.reports.resolve')}
          </Button>
          {post && (
            <DeleteButton
              label={t('admin.reports.deletePost')}
              title={t('admin.reports.deleteTitle')}
              description={t('admin.reports.deleteDescription')}
              disabled={busy}
              onConfirm={() => removePost.mutate(post.id)}
            />
          )}
        </CardFooter>
      )}
    </Card>
  );
}

function ReportRow({ report }: { report: PostReport }) {
  const { t } = useTranslation();
  const nameOf = useUserName();
  return (
    <li className="space-y-1 px-3 py-2 text-sm" data-testid="report">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">
          {t('admin.reports.reporter', { name: `@${nameOf(report.reporter)}` })}
        </span>
        <Badge variant="secondary">{t(`admin.reports.reasons.${report.reason}`)}</Badge>
        <span className="ml-auto text-xs text-muted-foreground">{formatAdminDate(report.createdAt)}</span>
      </div>
      {report.description && (
        <p className="break-words whitespace-pre-wrap text-muted-foreground">{report.description}</p>
      )}
    </li>
  );
}
