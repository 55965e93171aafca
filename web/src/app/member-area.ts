/**
 * What a signed-in member's screens add to the first bundle, loaded once the user is known (or at once on a browser
 * where a member signed in, routes.tsx): the app frame, the home feed, the features' push handlers, which the frame's
 * realtime connection applies, and what signing out ends first.
 */
import { pushHandlers } from '@/app/push-handlers';
import { unsubscribeThisDevice } from '@/features/notifications';
import { beforeSignOut } from '@/lib/sign-out';
import { registerPushHandlers } from '@/realtime/socket';

export { AppLayout } from '@/app/layout/app-layout';
export { HomeScreen } from '@/app/pages/home-screen';
export { parseFeedCategory, prefetchFeed } from '@/features/feed';

registerPushHandlers(pushHandlers);
// This device's Web Push subscription ends while the session can still tell the server which endpoint to forget.
beforeSignOut(unsubscribeThisDevice);
