import { useTranslation } from 'react-i18next';
import type { PostSummary } from '../api/types';

/** A post's photo or video, as the admin reviews it (never blurred: admins see premium posts whole). */
export function PostMedia({ post }: { post: Pick<PostSummary, 'imageUrl' | 'videoUrl'> }) {
  const { t } = useTranslation();
  if (post.videoUrl)
    return (
      <video
        src={post.videoUrl}
        controls
        preload="metadata"
        aria-label={t('admin.posts.videoLabel')}
        className="max-h-80 w-full rounded-xl bg-black object-contain"
      />
    );
  if (post.imageUrl)
    return (
      <img
        src={post.imageUrl}
        alt={t('admin.posts.imageAlt')}
        loading="lazy"
        className="max-h-80 w-full rounded-xl bg-muted object-contain"
      />
    );
  return null;
}
