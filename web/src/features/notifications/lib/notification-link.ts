import type { Notification } from '../api/types';

/**
 * Where a notification leads: the post it is about, the conversation (with the member, or through the anonymous post
 * whose author is unnamed), the profile of who revealed the member's Telegram, the member's own profile for their
 * verification and credits, the checkout (where premium is bought) for premium granted, ending or ended, the admin
 * console's tab for a queue.
 */
export function notificationLink(notification: Notification): string {
  const { kind, postId, actor, conversationWith } = notification;
  switch (kind) {
    case 'post_liked':
    case 'post_commented':
    case 'post_unlocked':
    case 'post_approved':
    case 'post_rejected':
      return postId ? `/posts/${encodeURIComponent(postId)}` : '/';
    case 'message_received': {
      const params = new URLSearchParams({
        ...(postId && { post: postId }),
        ...(conversationWith && { user: conversationWith }),
      });
      return `/messages?${params}`;
    }
    case 'telegram_revealed':
      return actor ? `/profile/${encodeURIComponent(actor.id)}` : '/profile';
    case 'premium_granted':
    case 'premium_expiring':
    case 'premium_ended':
      return '/checkout';
    case 'verifications_waiting':
      return '/admin?tab=pending-users';
    case 'reports_filed':
      return '/admin?tab=reports';
    default:
      return '/profile';
  }
}
