/** Private messages: conversations, threads, read marks, typing, the unread badge, and their pushes. */
export { MessagesUnreadBadge } from './components/messages-unread-badge';
export { pushHandlers } from './push-handlers';

export const lazyMessagesPage = () => import('./pages/messages-page').then((m) => ({ Component: m.MessagesPage }));
