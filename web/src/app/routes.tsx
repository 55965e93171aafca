import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { useCurrentUser } from '@/api/current-user';
import { queryClient } from '@/api/query-client';
import type { User } from '@/api/types';
import { ProfileScreen } from '@/app/pages/profile-screen';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { lazyAdminPage } from '@/features/admin';
import {
  lazyConfirmEmailPage,
  lazyForgotPasswordPage,
  lazyGoogleProfileSetupPage,
  lazyLoginPage,
  lazyRegisterPage,
  lazyResetPasswordPage,
  lazyVerifyEmailPage,
  LoginRequiredPage,
} from '@/features/auth';
import { lazyBlockedUsersPage } from '@/features/blocks';
import { lazyDemoRegistrationPage } from '@/features/demo-registration';
import { lazyPostPage } from '@/features/feed';
import { lazyFeedbackPage } from '@/features/feedback';
import { lazyMessagesPage } from '@/features/messages';
import { lazyNotificationsPage } from '@/features/notifications';
import { lazySecurityPage } from '@/features/security';
import { lazyCheckoutPage } from '@/features/wallet';
import { readUserIdCookie } from '@/lib/client-session';

/** A screen whose chunk may still be loading: the spinner meanwhile. */
const loading = (screen: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{screen}</Suspense>;

/** A screen loaded when its route is first shown (a feature's lazy* loader). */
function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  const Page = lazy(() => load().then((module) => ({ default: module.Component })));
  return loading(<Page />);
}

// The first page is a visitor's landing page or a member's frame and feed, never both: each is a chunk of its own,
// loaded once /api/auth/user has said which, or at once where the browser suggests which (below).
const loadMemberArea = () => import('@/app/member-area');
const loadLanding = () => import('@/features/landing');
const AppLayout = lazy(() => loadMemberArea().then((module) => ({ default: module.AppLayout })));
const HomeScreen = lazy(() => loadMemberArea().then((module) => ({ default: module.HomeScreen })));
const LandingPage = lazy(() => loadLanding().then((module) => ({ default: module.LandingPage })));
const LegalPage = lazy(() => import('@/app/pages/legal-page').then((module) => ({ default: module.LegalPage })));
const NotFoundPage = lazy(() =>
  import('@/app/pages/not-found-page').then((module) => ({ default: module.NotFoundPage })),
);

// A browser where a member signed in keeps the readable authUserId cookie (the server never trusts it): their frame
// starts loading now, beside /api/auth/user, rather than after its answer; likewise the landing page for a visitor
// opening the home page. A wrong guess costs one chunk.
// On the home page, a member's feed is asked for as soon as their screens have loaded.
if (readUserIdCookie(document.cookie) !== null)
  void loadMemberArea().then(({ parseFeedCategory, prefetchFeed }) => {
    const { pathname, search } = window.location;
    if (pathname === '/')
      prefetchFeed(queryClient, parseFeedCategory(new URLSearchParams(search).get('category')) ?? 'all');
  });
else if (window.location.pathname === '/') void loadLanding();

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
  // An admin past their grace without a second factor: its set-up, and nothing else, until they add one.
  if (user && secondFactorOverdue(user) && pathname !== SECURITY_PATH) return <Navigate to={SECURITY_PATH} replace />;
  if (user) return loading(<AppLayout user={user} />);
  if (pathname === '/') return loading(<LandingPage />);
  const reason = ({ '/messages': 'messages', '/checkout': 'checkout', '/admin': 'admin' } as const)[pathname];
  if (!reason) return <Navigate to="/login" replace />;
  return loading(<LoginRequiredPage reason={reason} />);
}

const SECURITY_PATH = '/security';

/** The server's rule (it answers 403 to everything else meanwhile), so that the admin is shown why at once. */
function secondFactorOverdue(user: User): boolean {
  return (
    user.isAdmin &&
    !user.secondFactor &&
    user.secondFactorDueAt !== null &&
    Date.parse(user.secondFactorDueAt) <= Date.now()
  );
}

function VisitorsOnly() {
  const { user } = useCurrentUser();
  return user ? <Navigate to="/" replace /> : <Outlet />;
}

// Every screen is loaded on demand (each feature's lazy* loader; the home page with the member's frame): the form
// screens carry the validation schemas (zod), the admin console and the checkout (Stripe) are large, and the first
// page stays light. `npm run build` prints what each route loads (web/build/first-load.ts).
const profilePage = loading(<ProfileScreen />);

export const routes: RouteObject[] = [
  {
    element: <AuthGate />,
    children: [
      {
        element: <MemberArea />,
        children: [
          { index: true, element: loading(<HomeScreen />) },
          { path: 'profile', element: profilePage },
          { path: 'profile/:userId', element: profilePage },
          { path: 'settings', element: profilePage },
          { path: 'messages', element: lazyPage(lazyMessagesPage) },
          { path: 'notifications', element: lazyPage(lazyNotificationsPage) },
          { path: 'posts/:postId', element: lazyPage(lazyPostPage) },
          { path: 'feedback', element: lazyPage(lazyFeedbackPage) },
          { path: 'demo-registrazione', element: lazyPage(lazyDemoRegistrationPage) },
          { path: 'blocked-users', element: lazyPage(lazyBlockedUsersPage) },
          { path: 'security', element: lazyPage(lazySecurityPage) },
          { path: 'checkout', element: lazyPage(lazyCheckoutPage) },
          { path: 'admin', element: lazyPage(lazyAdminPage) },
        ],
      },
      {
        element: <VisitorsOnly />,
        children: [
          { path: 'login', element: lazyPage(lazyLoginPage) },
          { path: 'register', element: lazyPage(lazyRegisterPage) },
        ],
      },
      { path: 'google-profile-setup', element: lazyPage(lazyGoogleProfileSetupPage) },
      // What the account's mails link to, opened signed in or not (a link may reach another browser).
      { path: 'verify-email', element: lazyPage(lazyVerifyEmailPage) },
      { path: 'confirm-email', element: lazyPage(lazyConfirmEmailPage) },
      { path: 'forgot-password', element: lazyPage(lazyForgotPasswordPage) },
      { path: 'reset-password', element: lazyPage(lazyResetPasswordPage) },
      { path: 'privacy', element: loading(<LegalPage document="privacy" />) },
      { path: 'terms', element: loading(<LegalPage document="terms" />) },
      { path: '*', element: loading(<NotFoundPage />) },
    ],
  },
];
