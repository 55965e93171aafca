/**
 * What a signed-in member's screens add to the first bundle, loaded once the user is known (or at once on a browser
 * where a member signed in, routes.tsx): the app frame, the home feed, and the features' push handlers, which the
 * frame's realtime connection applies.
 */
import { pushHandlers } from '@/app/push-handlers';
import { registerPushHandlers } from '@/realtime/socket';

export { AppLayout } from '@/components/layout/app-layout';
export { HomePage, parseFeedCategory, prefetchFeed } from '@/features/feed';

registerPushHandlers(pushHandlers);
