import { MessagesSquare } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@/api/current-user';
import type { User } from '@/api/types';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { chatKey, type Chat } from '../api/types';
import { ApprovalRequired } from '../components/approval-required';
import { ConnectionStatus } from '../components/connection-status';
import { ConversationList } from '../components/conversation-list';
import { ThreadView } from '../components/thread-view';
import { mayOpenMessages } from '../lib/permissions';

function NoSelection() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-primary to-brand-warm text-white shadow-lg shadow-primary/25">
        <MessagesSquare className="size-7" aria-hidden />
      </span>
      <p className="font-semibold">{t('messages.selectTitle')}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{t('messages.selectHint')}</p>
    </div>
  );
}

/** The address of a conversation: `?user=` a member, `?post=` through an anonymous post (and `&user=` its member). */
const paramsOf = ({ userId, postId }: Chat): Record<string, string> => ({
  ...(postId && { post: postId }),
  ...(userId && { user: userId }),
});

/**
 * The list and the open conversation. The address holds the open one (`?user=`, or `?post=` for the author of an
 * anonymous post), so a post's 'Contatta' link opens (or starts) it with the field focused; on small screens list and
 * thread take turns.
 */
function Messenger({ user }: { user: User }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested: Chat = { userId: params.get('user'), postId: params.get('post') };
  const opened = requested.userId !== null || requested.postId !== null;
  const self = requested.userId === user.id && requested.postId === null;
  const selected = self || !opened ? null : requested;

  useEffect(() => {
    if (!self) return;
    toast({ variant: 'destructive', title: t('messages.unavailable'), description: t('messages.self') });
    setParams({}, { replace: true });
  }, [self, setParams, t]);

  const select = (chat: Chat | null) => setParams(chat ? paramsOf(chat) : {});

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('nav.messages')}</h1>
        <ConnectionStatus />
      </div>
      <div className="grid h-[calc(100dvh-13rem)] min-h-[26rem] grid-cols-1 overflow-hidden rounded-2xl border bg-card shadow-sm md:grid-cols-[20rem_minmax(0,1fr)]">
        <ConversationList selected={selected} onSelect={select} className={cn(selected ? 'hidden md:flex' : 'flex')} />
        <section className={cn('min-h-0 flex-col', selected ? 'flex' : 'hidden md:flex')}>
          {selected ? (
            <ThreadView
              key={chatKey(selected)}
              user={user}
              chat={selected}
              focusInput={opened}
              onBack={() => select(null)}
            />
          ) : (
            <NoSelection />
          )}
        </section>
      </div>
    </div>
  );
}

/** /messages for a signed-in member (visitors get the login prompt from the router). */
export function MessagesPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  if (!mayOpenMessages(user)) return <ApprovalRequired />;
  return <Messenger user={user} />;
}
