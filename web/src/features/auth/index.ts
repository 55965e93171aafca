/**
 * Signing in and registration (by e-mail or Google), and the prompt a visitor sees on a member's screen. Who is
 * signed in is shared (`@/api/current-user`), and so is signing out (`@/lib/sign-out`), since every area needs them.
 */
import { lazy } from 'react';

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
export const lazyVerifyEmailPage = () =>
  import('./pages/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage }));
export const lazyConfirmEmailPage = () =>
  import('./pages/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage }));
export const lazyForgotPasswordPage = () =>
  import('./pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage }));
export const lazyResetPasswordPage = () =>
  import('./pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage }));
