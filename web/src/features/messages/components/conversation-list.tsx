import { MessagesSquare, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/api/users';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { useConversations } from '../api/get-conversations';
import { chatKey, chatOf, type Chat, type Conversation } from '../api/types';
import { ConversationRow } from './conversation-row';

/**
 * The conversation opened by the address before its first message: a row of its own at the top (once the member is
 * found; through an anonymous post there is no one to look up).
 */
function NewConversationRow({ chat, onSelect }: { chat: Chat; onSelect: () => void }) {
  const { data: member } = useUser(chat.userId);
  const conversation: Conversation = {
    otherUserId: chat.userId,
    otherUser: member
      ? {
          username: member.username,
          profileImageUrl: member.profileImageUrl,
          verificationStatus: member.verificationStatus,
        }
      : null,
    lastMessage: null,
    unreadCount: 0,
    postId: chat.postId,
  };
  if (chat.userId && !member) return null;
  return <ConversationRow conversation={conversation} selected onSelect={onSelect} />;
}

/** The member's conversations, most recent first. */
export function ConversationList({
  selected,
  onSelect,
  className,
}: {
  selected: Chat | null;
  onSelect: (chat: Chat) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const conversations = useConversations();
  const list = conversations.data ?? [];
  const selectedKey = selected && chatKey(selected);
  const isNew =
    selected !== null && conversations.isSuccess && !list.some((row) => chatKey(chatOf(row)) === selectedKey);

  return (
    <nav aria-label={t('messages.conversations')} className={cn('min-h-0 flex-col border-r', className)}>
      <h2 className="border-b px-4 py-3 text-sm font-semibold text-muted-foreground">{t('messages.conversations')}</h2>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {conversations.isPending && (
          <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
            <Spinner />
            {t('common.loading')}
          </p>
        )}
        {conversations.isError && (
          <div className="space-y-3 px-4 py-8 text-center text-sm">
            <p className="font-semibold">{t('messages.loadError')}</p>
            <p className="text-muted-foreground">{serverMessageOr(conversations.error, t('common.genericError'))}</p>
            <Button variant="outline" size="sm" onClick={() => void conversations.refetch()}>
              <RotateCcw aria-hidden />
              {t('messages.retry')}
            </Button>
          </div>
        )}
        <ul className="divide-y" data-testid="conversation-list">
          {isNew && (
            <li>
              <NewConversationRow chat={selected} onSelect={() => onSelect(selected)} />
            </li>
          )}
          {list.map((conversation) => (
            <li key={chatKey(chatOf(conversation))}>
              <ConversationRow
                conversation={conversation}
                selected={chatKey(chatOf(conversation)) === selectedKey}
                onSelect={() => onSelect(chatOf(conversation))}
              />
            </li>
          ))}
        </ul>
        {conversations.isSuccess && list.length === 0 && !isNew && (
          <div className="flex flex-col items-center gap-3 px-6 py-12 text-center text-sm text-muted-foreground">
            <MessagesSquare className="size-8" aria-hidden />
            <p>{t('messages.empty')}</p>
          </div>
        )}
      </div>
    </nav>
  );
}
