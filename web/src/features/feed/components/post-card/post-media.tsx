import { useTranslation } from 'react-i18next';
import type { Post } from '../../api/types';

/** The post's photo (two sizes, the browser picks) or its video. */
export function PostMedia({ post }: { post: Post }) {
  const { t } = useTranslation();
  if (post.videoUrl)
    return (
      <video
        src={post.videoUrl}
        controls
        preload="metadata"
        className="max-h-[70vh] w-full rounded-xl bg-black"
        data-testid="post-video"
      />
    );
  if (!post.imageUrl) return null;
  const srcSet = post.imageThumbUrl ? `${post.imageThumbUrl} 640w, ${post.imageUrl} 1280w` : undefined;
  return (
    <img
      src={post.imageUrl}
      srcSet={srcSet}
      sizes="(min-width: 768px) 672px, 100vw"
      alt={t('feed.post.imageAlt')}
      loading="lazy"
      decoding="async"
      className="max-h-[70vh] w-full rounded-xl bg-muted object-contain"
      data-testid="post-image"
    />
  );
}
