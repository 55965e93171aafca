/**
 * Signing in and out, registration (by e-mail or Google) and the signed-in user. What routes and other features may
 * use; everything else in this folder is the feature's own.
 */
import { lazy } from 'react';

export {
  currentUserKey,
  prefetchCurrentUser,
  storeCurrentUser,
  storeCurrentUserCredits,
  useCurrentUser,
} from './api/get-current-user';
export { logout } from './api/logout';
export { GoogleButton } from './components/google-button';
export { pushHandlers } from './push-handlers';

/** What a visitor sees on a member's screen (messages, checkout, the console); render inside Suspense. */
export const LoginRequiredPage = lazy(() =>
  import('./pages/login-required-page').then((m) => ({ default: m.LoginRequiredPage })),
);

// The form screens carry the validation schemas (zod): loaded when their route is, they keep the first page light.
export const lazyLoginPage = () => import('./pages/login-page').then((m) => ({ Component: m.LoginPage }));
export const lazyRegisterPage = () => import('./pages/register-page').then((m) => ({ Component: m.RegisterPage }));
export const lazyGoogleProfileSetupPage = () =>
  import('./pages/google-profile-setup-page').then((m) => ({ Component: m.GoogleProfileSetupPage }));
