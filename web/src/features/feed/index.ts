/**
 * The feed and its posts (the signed-in home page): categories, the composer, likes, comments, unlocks, Telegram
 * reveals, reports, and the pushes that keep the feeds fresh.
 */
export { prefetchFeed } from './api/get-feed';
export { parseFeedCategory, useFeedCategory, type FeedCategory } from './lib/feed-category';
export { HomePage } from './pages/home-page';
export { pushHandlers } from './push-handlers';

export const lazyPostPage = () => import('./pages/post-page').then((m) => ({ Component: m.PostPage }));
