import { UnreadBadge } from '@/components/unread-badge';
import { useUnreadCount } from '../api/get-unread-count';

/** The member's unread messages in all conversations, for the sidebar's entry and the top bar's button. */
export function MessagesUnreadBadge({ className }: { className?: string }) {
  const { data: count = 0 } = useUnreadCount();
  return <UnreadBadge count={count} className={className} />;
}
