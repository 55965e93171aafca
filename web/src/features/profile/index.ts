/**
 * Members' profiles: the own profile and account, another member's public profile, member look-ups and presence
 * (online status, pushed changes, deleted members).
 */
export { isDeletedMember, useUser, userKey } from './api/get-user';
export { useOfflineBeacon, useSetOnlineStatus } from './api/online-status';
export { pushHandlers } from './push-handlers';

export const lazyProfilePage = () => import('./pages/profile-page').then((m) => ({ Component: m.ProfilePage }));
