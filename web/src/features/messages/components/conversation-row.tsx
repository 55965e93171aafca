import { useTranslation } from 'react-i18next';
import { UnreadBadge } from '@/components/unread-badge';
import { cn } from '@/lib/utils';
import type { Conversation } from '../api/types';
import { formatMessageTime } from '../lib/message-time';
import { LetterAvatar } from './letter-avatar';

/**
 * One conversation of the list: avatar, username (or 'Utente eliminato' for a deleted member, 'Autore anonimo' for
 * the unnamed author of an anonymous post the member wrote to), unread badge, last message and its time. The post's
 * author sees which of their conversations came through their anonymous post.
 */
export function ConversationRow({
  conversation,
  selected,
  onSelect,
}: {
  conversation: Conversation;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const { otherUser, lastMessage, unreadCount, postId } = conversation;
  const anonymousAuthor = postId !== null && conversation.otherUserId === null;
  const name = otherUser?.username || null;
  // No member: deleted ('Utente eliminato'); a member without a username yet: 'Nuovo utente'.
  const label = anonymousAuthor
    ? t('messages.anonymousAuthor')
    : otherUser
      ? name || t('messages.newUser')
      : t('messages.deletedUser');
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-testid="conversation-row"
      data-user-id={conversation.otherUserId ?? undefined}
      data-post-id={postId ?? undefined}
      className={cn(
        'flex w-full items-center gap-3 px-4 py-3 text-left transition-colors outline-none hover:bg-secondary/60 focus-visible:bg-secondary',
        selected && 'bg-secondary',
      )}
    >
      <LetterAvatar name={name} imageUrl={otherUser?.profileImageUrl} />
      <span className="min-w-0 flex-1">
        <span className="flex items-center justify-between gap-2">
          <span className={cn('truncate font-semibold', !name && 'text-muted-foreground italic')}>{label}</span>
          {lastMessage && (
            <time dateTime={lastMessage.createdAt} className="shrink-0 text-xs whitespace-nowrap text-muted-foreground">
              {formatMessageTime(lastMessage.createdAt)}
            </time>
          )}
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span
            className={cn(
              'truncate text-sm text-muted-foreground',
              unreadCount > 0 && 'font-semibold text-foreground',
              !lastMessage && 'italic',
            )}
          >
            {lastMessage?.content ?? t('messages.noMessages')}
          </span>
          <UnreadBadge count={unreadCount} />
        </span>
        {postId && !anonymousAuthor && (
          <span className="mt-0.5 block truncate text-xs text-muted-foreground">{t('messages.throughYourPost')}</span>
        )}
      </span>
    </button>
  );
}
