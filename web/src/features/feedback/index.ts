/** The members' feedback form (/feedback); the admins read it in the console. */
export const lazyFeedbackPage = () => import('./pages/feedback-page').then((m) => ({ Component: m.FeedbackPage }));
