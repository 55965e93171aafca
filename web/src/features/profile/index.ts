/** Members' profiles: the own profile and account, another member's public profile, and pushed presence changes. */
export type { ProfileSlots } from './lib/slots';
export { pushHandlers } from './push-handlers';

/** The profile page; the app gives it what other areas add (ProfileSlots). */
export const lazyProfilePage = () => import('./pages/profile-page').then((m) => ({ Component: m.ProfilePage }));
