/**
 * What a member is told about, and how each kind gathers while unread:
 * - `actors`: members who did it, each counted once ('Marco e altri 3 hanno messo mi piace'); an entry of such a kind
 *   lasts as long as one of them is left (a like taken back, a block, an erasure take them away);
 * - `counted`: how many times it happened ('3 nuovi messaggi');
 * - `waiting`: the items of an admin queue still waiting, each counted once and named to no one ('3 verifiche in
 *   attesa'); an item decided (by any admin) or gone leaves every admin's summary, which lasts while one is left;
 * - `single`: each event is an entry of its own (a decision, a payment).
 *
 * Each kind belongs to a `group`, which is what a member switches on and off in their preferences (in the app and
 * on their devices): messages, my posts, decisions about me, credits and premium, and for admins their queues.
 */
export const NOTIFICATION_KINDS = {
  post_liked: { gathering: 'actors', group: 'posts' },
  post_commented: { gathering: 'actors', group: 'posts' },
  post_unlocked: { gathering: 'actors', group: 'posts' },
  telegram_revealed: { gathering: 'actors', group: 'posts' },
  message_received: { gathering: 'counted', group: 'messages' },
  verification_approved: { gathering: 'single', group: 'decisions' },
  verification_rejected: { gathering: 'single', group: 'decisions' },
  post_approved: { gathering: 'single', group: 'decisions' },
  post_rejected: { gathering: 'single', group: 'decisions' },
  /** The member's video was processed: their post is out (or waits for a moderator, who decides next). */
  video_ready: { gathering: 'single', group: 'posts' },
  /** The member's video was refused (too long, unreadable); the reason is a key of content's catalogue. */
  video_rejected: { gathering: 'single', group: 'posts' },
  /**
   * The member signed in from a device identity had not seen them on (NewDeviceSignedIn): with the decisions about
   * their account, switched with them; it leads to their profile's sessions.
   */
  new_device_signed_in: { gathering: 'single', group: 'decisions' },
  credits_granted: { gathering: 'single', group: 'credits' },
  credits_purchased: { gathering: 'single', group: 'credits' },
  premium_purchased: { gathering: 'single', group: 'credits' },
  /** An admin granted the member premium (a revoke tells them nothing: premium_ended neither). */
  premium_granted: { gathering: 'single', group: 'credits' },
  /** The member's premium ends in PREMIUM_WARNING_MS (premium.ts); once per expiry. */
  premium_expiring: { gathering: 'single', group: 'credits' },
  /** The member's premium ended at its expiry; once per expiry. */
  premium_ended: { gathering: 'single', group: 'credits' },
  /** Members whose verification photo waits for a decision (item: the member). */
  verifications_waiting: { gathering: 'waiting', group: 'queues' },
  /** Reported posts whose reports wait to be resolved (item: the post, one item in the console's Reports tab). */
  reports_filed: { gathering: 'waiting', group: 'queues' },
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export type Gathering = (typeof NOTIFICATION_KINDS)[NotificationKind]['gathering'];
export type NotificationGroup = (typeof NOTIFICATION_KINDS)[NotificationKind]['group'];

/** The groups a member switches, in the order the profile shows them. */
export const NOTIFICATION_GROUPS: readonly NotificationGroup[] = [
  'messages',
  'posts',
  'decisions',
  'credits',
  'queues',
];

/** The kinds about a post: they go with it when it is deleted. */
export const POST_KINDS: readonly NotificationKind[] = [
  'post_liked',
  'post_commented',
  'post_unlocked',
  'post_approved',
  'post_rejected',
  'video_ready',
  'video_rejected',
];

/** The subjects of the kinds that are about the member or an admin queue rather than a post or a conversation. */
export const SUBJECTS = {
  /** Everyone who revealed the member's Telegram, whatever post offered it. */
  telegram: 'telegram',
  verifications: 'verifications',
  reports: 'reports',
} as const;
