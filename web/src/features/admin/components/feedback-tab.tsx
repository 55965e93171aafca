import { MessageSquareHeart } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDeleteFeedback } from '../api/delete-feedback';
import { useFeedback } from '../api/get-feedback';
import type { FeedbackItem, FeedbackStatus } from '../api/types';
import { useUpdateFeedback } from '../api/update-feedback';
import { formatAdminDate } from '../lib/format';
import { notifyDeleteFailure, notifyFailure, notifySuccess } from '../lib/notify';
import { DeleteButton } from './confirm-button';
import { ListEmpty, QueryList } from './list-state';

const STATUSES: readonly FeedbackStatus[] = ['pending', 'in_review', 'resolved'];

const STATUS_LOOK = { pending: 'secondary', in_review: 'warning', resolved: 'success' } as const;

/** 'Feedback': what members sent, newest first, with its status and 'Elimina'. */
export function FeedbackTab() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  return (
    <section className="space-y-4" aria-label={t('admin.tabs.feedback')}>
      <QueryList
        query={feedback}
        empty={<ListEmpty icon={MessageSquareHeart} text={t('admin.feedback.empty')} />}
        className="grid gap-4 lg:grid-cols-2"
        itemKey={(item) => item.id}
      >
        {(item) => <FeedbackCard item={item} />}
      </QueryList>
    </section>
  );
}

function FeedbackCard({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  const id = useId();
  const author = item.user ? `@${item.user.username || t('admin.users.unnamed')}` : t('admin.feedback.formerMember');
  const update = useUpdateFeedback({
    onSuccess: (answer) => notifySuccess(t('admin.feedback.updated'), answer.message),
    onError: (error) => notifyFailure(t, t('admin.errors.feedbackStatus'), error),
  });
  const remove = useDeleteFeedback({
    onSuccess: (answer) => notifySuccess(t('admin.feedback.deleted'), answer.message),
    onError: (error) => notifyDeleteFailure(t, t('admin.errors.deleteFeedback'), error),
  });

  return (
    <Card className="h-full gap-4 py-5" data-testid="feedback-item">
      <CardContent className="space-y-3 px-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{t(`admin.feedback.types.${item.type}`)}</Badge>
          <Badge variant={STATUS_LOOK[item.status] ?? 'secondary'}>{t(`admin.feedback.statuses.${item.status}`)}</Badge>
          <span className="ml-auto text-xs text-muted-foreground">{formatAdminDate(item.createdAt)}</span>
        </div>
        <p className="text-sm break-words whitespace-pre-wrap">{item.message}</p>
        <p className="text-sm">
          <span className="text-muted-foreground">{t('admin.feedback.author')}: </span>
          <span className="font-medium break-all">{author}</span>
        </p>
      </CardContent>
      <CardFooter className="mt-auto flex-wrap items-end px-5">
        <div className="grid min-w-44 flex-1 gap-1.5">
          <Label htmlFor={`${id}-status`} className="text-xs text-muted-foreground">
            {t('admin.feedback.status')}
          </Label>
          <Select
            value={item.status}
            onValueChange={(status) => update.mutate({ feedbackId: item.id, status: status as FeedbackStatus })}
            disabled={update.isPending || remove.isPending}
          >
            <SelectTrigger id={`${id}-status`} aria-label={t('admin.feedback.statusLabel', { name: author })}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {STATUSES.map((status) => (
                <SelectItem key={status} value={status}>
                  {t(`admin.feedback.statuses.${status}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <DeleteButton
          label={t('admin.feedback.delete')}
          title={t('admin.feedback.deleteTitle')}
          description={t('admin.feedback.deleteDescription')}
          disabled={remove.isPending}
          onConfirm={() => remove.mutate(item.id)}
        />
      </CardFooter>
    </Card>
  );
}
