/**
 * The account's second factor: the security page (an authenticator app, passkeys, recovery codes). The sign-in's
 * second step is the auth feature's.
 */
export const lazySecurityPage = () => import('./pages/security-page').then((m) => ({ Component: m.SecurityPage }));
