import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { LegalPage } from '@/app/pages/legal-page';
import { NotFoundPage } from '@/app/pages/not-found-page';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { AppLayout } from '@/components/layout/app-layout';
import { lazyAdminPage } from '@/features/admin';
import {
  lazyGoogleProfileSetupPage,
  lazyLoginPage,
  lazyRegisterPage,
  LoginRequiredPage,
  useCurrentUser,
} from '@/features/auth';
import { lazyBlockedUsersPage } from '@/features/blocks';
import { lazyDemoRegistrationPage } from '@/features/demo-registration';
import { HomePage } from '@/features/feed';
import { lazyFeedbackPage } from '@/features/feedback';
import { LandingPage } from '@/features/landing';
import { lazyMessagesPage } from '@/features/messages';
import { lazyProfilePage } from '@/features/profile';
import { lazyCheckoutPage } from '@/features/wallet';

/** Nothing renders until we know whether someone is signed in. */
function AuthGate() {
  const { isPending } = useCurrentUser();
  return isPending ? <FullPageSpinner /> : <Outlet />;
}

/** Signed-in members get the app frame; a visitor gets the landing page, a login prompt, or the login form. */
function MemberArea() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  // A Google account enters the community once its profile (and verification photo) is complete.
  if (user?.needsProfileSetup) return <Navigate to="/google-profile-setup" replace />;
  if (user) return <AppLayout user={user} />;
  if (pathname === '/') return <LandingPage />;
  if (pathname === '/messages') return <LoginRequiredPage />;
  if (pathname === '/checkout') return <LoginRequiredPage reason="checkout" />;
  if (pathname === '/admin') return <LoginRequiredPage reason="admin" />;
  return <Navigate to="/login" replace />;
}

function VisitorsOnly() {
  const { user } = useCurrentUser();
  return user ? <Navigate to="/" replace /> : <Outlet />;
}

// Every screen but the home, landing, legal and not-found pages is loaded on demand (each feature's lazy* loader):
// the form screens carry the validation schemas (zod), and the landing page stays light.
export const routes: RouteObject[] = [
  {
    element: <AuthGate />,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        element: <MemberArea />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'profile', lazy: lazyProfilePage },
          { path: 'profile/:userId', lazy: lazyProfilePage },
          { path: 'settings', lazy: lazyProfilePage },
          { path: 'messages', lazy: lazyMessagesPage },
          { path: 'feedback', lazy: lazyFeedbackPage },
          { path: 'demo-registrazione', lazy: lazyDemoRegistrationPage },
          { path: 'blocked-users', lazy: lazyBlockedUsersPage },
          { path: 'checkout', lazy: lazyCheckoutPage },
          { path: 'admin', lazy: lazyAdminPage },
        ],
      },
      {
        element: <VisitorsOnly />,
        children: [
          { path: 'login', lazy: lazyLoginPage },
          { path: 'register', lazy: lazyRegisterPage },
        ],
      },
      { path: 'google-profile-setup', lazy: lazyGoogleProfileSetupPage },
      { path: 'privacy', element: <LegalPage document="privacy" /> },
      { path: 'terms', element: <LegalPage document="terms" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
