import { lazy } from 'react';

/** Blocking members: the block and unblock controls, the list of blocked members and its push handlers. */
export type { BlockTarget } from './components/block-user-dialog';
export { pushHandlers } from './push-handlers';

// The block dialog checks the reason with identity's zod schema: it comes in a chunk of its own, loaded where it is
// first shown (a post's 'Blocca utente', a member's profile), so the first bundle stays without zod.
/** 'Blocca utente' with its reason, for a post's author (controlled) or behind a trigger; render inside Suspense. */
export const BlockUserDialog = lazy(() =>
  import('./components/block-user-dialog').then((m) => ({ default: m.BlockUserDialog })),
);
/** 'Blocca' or 'Sblocca' on a member's profile; render inside Suspense. */
export const BlockControl = lazy(() => import('./components/block-control').then((m) => ({ default: m.BlockControl })));
/** 'Sblocca' on a profile that answers 'not found', when the viewer blocked that member; render inside Suspense. */
export const BlockedProfileControl = lazy(() =>
  import('./components/block-control').then((m) => ({ default: m.BlockedProfileControl })),
);

export const lazyBlockedUsersPage = () =>
  import('./pages/blocked-users-page').then((m) => ({ Component: m.BlockedUsersPage }));
