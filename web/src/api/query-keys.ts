/**
 * The query keys more than one feature reads or refreshes: who is signed in, a member, the feeds, the admin console.
 * They live here, below the features, so that a feature refreshing another's data names the key without importing
 * that feature (web/src/features/README.md). A feature's other keys stay in its own api/.
 */
export const currentUserKey = ['auth', 'user'] as const;

export const userKey = (id: string) => ['users', id] as const;

/** Every query about posts starts with this: a `feed_updated` push makes them all stale. */
export const postsKey = ['posts'] as const;
/** The prefix of the feed lists (every category). */
export const feedsKey = [...postsKey, 'feed'] as const;

/**
 * The admin console's queries (the REST contract names them). Every admin query starts with `adminKeys.all`, so
 * 'Aggiorna Sessione' refreshes them all at once; the admin pushes (features/admin/push-handlers.ts) invalidate the
 * matching ones.
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
