import { RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { isDeletedMember, useUser } from '@/api/users';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/errors';
import { useThread } from '../api/get-thread';
import { useMarkRead } from '../api/mark-read';
import type { Chat } from '../api/types';
import { MessageBubble } from './message-bubble';
import { SendArea } from './send-area';
import { ThreadHeader } from './thread-header';

/** An open conversation marks what the other member sent as read after 1 s. */
const MARK_READ_AFTER_MS = 1_000;

/**
 * The conversation `chat`: header, messages oldest first (older pages on demand), the send area. Through an anonymous
 * post, the member writes to an author the page cannot name.
 */
export function ThreadView({
  user,
  chat,
  focusInput,
  onBack,
}: {
  user: User;
  chat: Chat;
  focusInput: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const thread = useThread(chat);
  // Nobody writes to a deleted member (the server refuses it too).
  const recipientDeleted = isDeletedMember(useUser(chat.userId).error);
  const { mutate: markRead } = useMarkRead();
  const scroller = useRef<HTMLDivElement>(null);
  const newestFirst = thread.data?.pages.flatMap((page) => page.items) ?? [];
  const newestId = newestFirst[0]?.message.id;
  const unreadFromOther = newestFirst.find((item) => item.sender.id !== user.id && !item.message.readAt)?.message.id;

  // The newest message in view: at the first load, and whenever one is sent or arrives.
  useEffect(() => {
    const element = scroller.current;
    if (element && newestId) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  const { userId: otherUserId, postId } = chat;
  useEffect(() => {
    if (!unreadFromOther) return;
    const read = () => markRead({ chat: { userId: otherUserId, postId }, recipientId: user.id });
    const timer = setTimeout(read, MARK_READ_AFTER_MS);
    return () => clearTimeout(timer);
  }, [unreadFromOther, otherUserId, postId, user.id, markRead]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ThreadHeader chat={chat} onBack={onBack} />
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4">
        {thread.isPending && (
          <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
            <Spinner />
            {t('common.loading')}
          </p>
        )}
        {thread.isError && (
          <div className="space-y-3 py-10 text-center text-sm">
            <p className="font-semibold">{t('messages.loadError')}</p>
            <p className="text-muted-foreground">{serverMessageOr(thread.error, t('common.genericError'))}</p>
            <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
              <RotateCcw aria-hidden />
              {t('messages.retry')}
            </Button>
          </div>
        )}
        {thread.isSuccess && newestFirst.length === 0 && (
          <p className="py-10 text-center text-sm text-muted-foreground" data-testid="thread-empty">
            {t('messages.emptyThread')}
          </p>
        )}
        {thread.hasNextPage && (
          <div className="mb-3 flex justify-center">
            <Button
              variant="outline"
              size="sm"
              onClick={() => void thread.fetchNextPage()}
              disabled={thread.isFetchingNextPage}
            >
              {thread.isFetchingNextPage && <Spinner />}
              {t('messages.loadOlder')}
            </Button>
          </div>
        )}
        <ol className="space-y-2" aria-live="polite" data-testid="thread">
          {newestFirst
            .slice()
            .reverse()
            .map((item) => (
              <MessageBubble key={item.message.id} item={item} own={item.sender.id === user.id} />
            ))}
        </ol>
      </div>
      <SendArea user={user} chat={chat} autoFocus={focusInput} recipientDeleted={recipientDeleted} />
    </div>
  );
}
