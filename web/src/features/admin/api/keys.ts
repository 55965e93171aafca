/**
 * The admin console's query keys (the REST contract names them). Every admin query starts with `adminKeys.all`, so
 * 'Aggiorna Sessione' refreshes them all at once; the admin pushes (push-handlers.ts) invalidate the matching
 * ones.
 */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  counts: ['admin', 'counts'] as const,
  pendingPosts: ['admin', 'pending-posts'] as const,
  pendingUsers: ['admin', 'pending-users'] as const,
  users: ['admin', 'users'] as const,
  reports: ['admin', 'reports'] as const,
  feedback: ['admin', 'feedback'] as const,
  audit: ['admin', 'audit'] as const,
};
