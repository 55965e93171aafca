/**
 * What a member is told about, and how each kind gathers while unread:
 * - `actors`: members who did it, each counted once ('Marco e altri 3 hanno messo mi piace'); an entry of such a kind
 *   lasts as long as one of them is left (a like taken back, a block, an erasure take them away);
 * - `counted`: how many times it happened ('3 nuovi messaggi', '2 nuove segnalazioni');
 * - `single`: each event is an entry of its own (a decision, a payment).
 */
export const NOTIFICATION_KINDS = {
  post_liked: 'actors',
  post_commented: 'actors',
  post_unlocked: 'actors',
  telegram_revealed: 'actors',
  message_received: 'counted',
  verification_approved: 'single',
  verification_rejected: 'single',
  post_approved: 'single',
  post_rejected: 'single',
  credits_granted: 'single',
  credits_purchased: 'single',
  premium_purchased: 'single',
  verifications_waiting: 'counted',
  reports_filed: 'counted',
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export type Gathering = (typeof NOTIFICATION_KINDS)[NotificationKind];

/** The kinds about a post: they go with it when it is deleted. */
export const POST_KINDS: readonly NotificationKind[] = [
  'post_liked',
  'post_commented',
  'post_unlocked',
  'post_approved',
  'post_rejected',
];

/** The subjects of the kinds that are about the member or an admin queue rather than a post or a conversation. */
export const SUBJECTS = {
  /** Everyone who revealed the member's Telegram, whatever post offered it. */
  telegram: 'telegram',
  verifications: 'verifications',
  reports: 'reports',
} as const;
