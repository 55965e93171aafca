import { CircleAlert, Clock, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VIDEO_MAX_SECONDS } from '@/lib/rules';
import { Badge } from '@/components/ui/badge';
import type { Post } from '../../api/types';

/**
 * On the author's own unpublished post: its photo or video being processed, waiting for a moderator, or rejected with
 * the reasons (a moderator's, or why its upload was refused, in content's words).
 */
export function PostStatus({ post }: { post: Post }) {
  const { t } = useTranslation();
  if (post.status === 'processing')
    return (
      <Badge variant="secondary" data-testid="post-status">
        <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />
        {t(post.uploadKind === 'image' ? 'feed.post.photoProcessing' : 'feed.post.processing')}
      </Badge>
    );
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
        {t(
          !post.mediaProblem
            ? 'feed.post.rejected'
            : post.uploadKind === 'image'
              ? 'feed.post.photoRejected'
              : 'feed.post.mediaRejected',
        )}
      </Badge>
      {post.mediaProblem && (
        <p className="text-sm text-destructive">
          {t(`messages:${post.mediaProblem}`, { minutes: VIDEO_MAX_SECONDS / 60 })}
        </p>
      )}
      {post.rejectionReason && (
        <p className="text-sm text-destructive">{t('feed.post.rejectionReason', { reason: post.rejectionReason })}</p>
      )}
    </div>
  );
}
