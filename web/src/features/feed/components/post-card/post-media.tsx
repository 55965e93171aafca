import { useTranslation } from 'react-i18next';
import { displayName } from '@/lib/user-display';
import type { Post, PostAuthor } from '../../api/types';
import { photoSources } from '../../lib/post-photo';

/**
 * The post's photo (two sizes, the browser picks) or its video. Members describe their media in the post's text,
 * which `describedBy` names; the media's own name says what it is and whose.
 */
export function PostMedia({
  post,
  author,
  describedBy,
  priority = false,
}: {
  post: Post;
  author: PostAuthor | null;
  describedBy?: string;
  /** The feed's first photo: fetched at once and first (the page's largest paint), the others when near the screen. */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const name = author ? displayName(author) : t('feed.post.anonymous');
  if (post.videoUrl)
    return (
      <video
        src={post.videoUrl}
        poster={post.posterUrl ?? undefined}
        controls
        // With a poster to show, nothing of the video loads until it plays.
        preload={post.posterUrl ? 'none' : 'metadata'}
        aria-label={t('feed.post.videoLabel', { name })}
        aria-describedby={describedBy}
        className="max-h-[70vh] w-full rounded-xl bg-black"
        data-testid="post-video"
      />
    );
  const photo = photoSources(post);
  if (!photo) return null;
  return (
    <img
      src={photo.src}
      srcSet={photo.srcSet}
      sizes={photo.sizes}
      alt={t('feed.post.imageAlt', { name })}
      aria-describedby={describedBy}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className="max-h-[70vh] w-full rounded-xl bg-muted object-contain"
      data-testid="post-image"
    />
  );
}
