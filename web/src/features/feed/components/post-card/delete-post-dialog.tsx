import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { reportFeedError } from '@/lib/report-error';
import { useDeletePost } from '../../api/delete-post';

/** 'Elimina post' asks first; the post leaves the feed once the server has deleted it. */
export function DeletePostDialog({
  postId,
  open,
  onOpenChange,
}: {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeletePost(postId, {
    onSuccess: () => {
      onOpenChange(false);
      toast({ variant: 'success', title: t('feed.delete.done') });
    },
    onError: (error) => reportFeedError(t, error, { title: t('common.error'), fallback: t('feed.delete.failed') }),
  });
  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('feed.delete.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('feed.delete.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{t('common.cancel')}</AlertDialogCancel>
          {/* Not an AlertDialogAction: the dialog stays open until the server has answered. */}
          <Button variant="destructive" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {remove.isPending && <Spinner />}
            {t('feed.delete.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
