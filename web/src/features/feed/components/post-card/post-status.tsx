import { CircleAlert, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { Post } from '../../api/types';

/** On the author's own unpublished post: waiting for a moderator, or rejected with the reasons. */
export function PostStatus({ post }: { post: Post }) {
  const { t } = useTranslation();
  if (post.status === 'pending')
    return (
      <Badge variant="warning" data-testid="post-status">
        <Clock aria-hidden />
        {t('feed.post.pending')}
      </Badge>
    );
  if (post.status !== 'rejected') return null;
  return (
    <div className="space-y-1.5" data-testid="post-status">
      <Badge variant="destructive">
        <CircleAlert aria-hidden />
        {t('feed.post.rejected')}
      </Badge>
      {post.rejectionReason && (
        <p className="text-sm text-destructive">{t('feed.post.rejectionReason', { reason: post.rejectionReason })}</p>
      )}
    </div>
  );
}
