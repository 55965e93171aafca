import type { FeedItem, Post } from '../api/types';

/** How a post's photo is asked for: two sizes, the browser picks by the screen's width. */
export function photoSources(post: Post): { src: string; srcSet?: string; sizes: string } | null {
  if (!post.imageUrl) return null;
  return {
    src: post.imageUrl,
    ...(post.imageThumbUrl && { srcSet: `${post.imageThumbUrl} 640w, ${post.imageUrl} 1280w` }),
    sizes: '(min-width: 768px) 672px, 100vw',
  };
}

/**
 * Starts downloading the photo the feed will show first (the page's largest paint) as soon as the feed's data is
 * here, rather than once its cards have rendered: a preload the browser matches to the card's image by the same
 * sources. A locked premium post shows its teaser instead, and nothing is preloaded for it.
 */
export function preloadFirstPhoto(item: FeedItem | undefined) {
  const photo = item && !(item.post.locked && !item.unlocked) ? photoSources(item.post) : null;
  if (!photo || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(photo.src)}"]`)) return;
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href: photo.src });
  if (photo.srcSet) link.setAttribute('imagesrcset', photo.srcSet);
  link.setAttribute('imagesizes', photo.sizes);
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
