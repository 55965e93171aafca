import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { isDeletedMember, useUser } from '@/api/users';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { isNetworkError, serverMessageOr } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { useWatchPresence } from '@/realtime/socket';
import type { Chat } from '../api/types';
import { useIsTyping } from '../hooks/use-typing';
import { LetterAvatar } from './letter-avatar';

function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label={t('messages.back')}>
      <ArrowLeft aria-hidden />
    </Button>
  );
}

/** The unnamed author of an anonymous post the member writes to through it: no name, no presence, no typing. */
function AnonymousAuthorHeader({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="flex items-center gap-3 border-b px-3 py-3 sm:px-4">
      <BackButton onBack={onBack} />
      <LetterAvatar name={null} className="size-10" />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold" data-testid="thread-name">
          {t('messages.anonymousAuthor')}
        </h2>
        <p className="text-xs text-muted-foreground">{t('messages.throughPost')}</p>
      </div>
    </header>
  );
}

/**
 * The other side of the conversation: the unnamed author of an anonymous post (see AnonymousAuthorHeader), or a
 * member (MemberHeader).
 */
export function ThreadHeader({ chat, onBack }: { chat: Chat; onBack: () => void }) {
  if (!chat.userId) return <AnonymousAuthorHeader onBack={onBack} />;
  return <MemberHeader otherUserId={chat.userId} throughPost={chat.postId !== null} onBack={onBack} />;
}

/**
 * The other member: username (while loading, when not found or deleted, or while they have none yet, a fallback
 * says so), the verification dot ('Verificato' green, otherwise 'In attesa' yellow), whether they are online (pushed
 * as it changes) or typing. The back button shows on small screens, where list and thread take turns.
 * `throughPost`: they wrote to the member's anonymous post, where neither side signals typing (it would name the
 * author).
 */
function MemberHeader({
  otherUserId,
  throughPost,
  onBack,
}: {
  otherUserId: string;
  throughPost: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const member = useUser(otherUserId);
  const typing = useIsTyping(throughPost ? null : otherUserId);
  useWatchPresence(otherUserId);
  const deleted = isDeletedMember(member.error);
  const notFound = member.isError && member.error instanceof ApiError && member.error.status === 404;
  const name = member.isPending
    ? t('messages.loadingUser')
    : member.isError
      ? t(deleted ? 'messages.deletedUser' : notFound ? 'messages.userNotFound' : 'messages.unavailable')
      : member.data.username || t('messages.newUser');
  const verified = member.data?.verificationStatus === 'approved';

  // Opening a chat: 'Utente non disponibile' when the member cannot be looked up, 'Errore di connessione' when
  // the server cannot be reached. A deleted member is no error: the header says 'Utente eliminato'.
  const lookupError = member.error;
  useEffect(() => {
    if (!lookupError || isDeletedMember(lookupError)) return;
    if (isNetworkError(lookupError)) toast({ variant: 'destructive', title: t('messages.connectionError') });
    else
      toast({
        variant: 'destructive',
        title: t('messages.unavailable'),
        description: serverMessageOr(lookupError, t('messages.unavailableDescription')),
      });
  }, [lookupError, t]);

  return (
    <header className="flex items-center gap-3 border-b px-3 py-3 sm:px-4">
      <BackButton onBack={onBack} />
      <LetterAvatar name={member.data?.username || null} imageUrl={member.data?.profileImageUrl} className="size-10" />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold" data-testid="thread-name">
          {name}
        </h2>
        {member.data && !member.isError && (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
            <span className="flex items-center gap-1.5" data-testid="thread-verification">
              <span aria-hidden className={cn('size-2 rounded-full', verified ? 'bg-emerald-500' : 'bg-amber-400')} />
              {t(verified ? 'messages.verified' : 'messages.pending')}
            </span>
            <span data-testid="thread-presence" className={cn(typing && 'font-medium text-primary')}>
              {typing ? t('messages.typing') : t(member.data.isOnline ? 'messages.online' : 'messages.offline')}
            </span>
          </p>
        )}
        {throughPost && <p className="text-xs text-muted-foreground">{t('messages.throughYourPost')}</p>}
      </div>
    </header>
  );
}
