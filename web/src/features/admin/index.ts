import { lazy } from 'react';

/**
 * The admin console (/admin): queues, reports, feedback, users, audit; the admins' badges and banner in the layout,
 * the console's pushes, and the admin's card about a member.
 */
export { pushHandlers } from './push-handlers';

// The admins' badges and banner in the frame: a chunk that only admins load (render them for admins only, inside
// Suspense).
const alerts = () => import('./components/admin-alerts');
export const AdminWorkBadge = lazy(() => alerts().then((m) => ({ default: m.AdminWorkBadge })));
export const OpenFeedbackBadge = lazy(() => alerts().then((m) => ({ default: m.OpenFeedbackBadge })));
export const ReportedPostsBanner = lazy(() => alerts().then((m) => ({ default: m.ReportedPostsBanner })));

export const lazyAdminPage = () => import('./pages/admin-page').then((m) => ({ Component: m.AdminPage }));

/**
 * The admin's card about an account (who, balance, premium, tester flag, deletion), the one the console's users list
 * shows, for a member's profile. It checks amounts with the wallet's zod schema, so it comes in a chunk of its own:
 * render it inside Suspense.
 */
export const AdminMemberCard = lazy(() =>
  import('./components/admin-member-card').then((m) => ({ default: m.AdminMemberCard })),
);
