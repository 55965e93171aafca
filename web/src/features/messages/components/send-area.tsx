import { Coins, SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { OutOfCredits } from '@/components/out-of-credits';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isOutOfCredits } from '@/lib/errors';
import { reportFeedError } from '@/lib/report-error';
import { MESSAGE_COST, MESSAGE_MAX_CHARACTERS } from '@/lib/rules';
import { newMessageId, useSendMessage } from '../api/send-message';
import type { Chat } from '../api/types';
import { useMessageDraft } from '../hooks/use-message-draft';
import { emitTyping } from '../hooks/use-typing';
import { mayWrite } from '../lib/permissions';

/**
 * The field and its button. Unapproved members find it disabled ('Account in attesa di approvazione...'). A message
 * shows in the thread at once and leaves it if refused, its text back in the field; the same text sent again keeps
 * its id, so the server stores (and charges) it once. Refused for too few credits, it says so under the field, with
 * the checkout one tap away and the text kept for the return. Through an anonymous post no typing is signalled,
 * either way: it would name its author to the member, or go to an author the member's page does not know.
 */
export function SendArea({
  user,
  chat,
  autoFocus,
  recipientDeleted = false,
}: {
  user: User;
  chat: Chat;
  autoFocus: boolean;
  recipientDeleted?: boolean;
}) {
  const { t } = useTranslation();
  const allowed = mayWrite(user) && !recipientDeleted;
  const [text, setText] = useMessageDraft(chat);
  // The server's reason when the last message was refused for too few credits.
  const [outOfCredits, setOutOfCredits] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The id of the last refused text: sending it again is a retry of the same message.
  const retry = useRef<{ id: string; content: string } | null>(null);
  const send = useSendMessage(user.id, {
    onSuccess: () => {
      retry.current = null;
      toast({ variant: 'success', title: t('messages.sent'), description: t('messages.sentDescription') });
    },
    onError: (error, message) => {
      retry.current = { id: message.id, content: message.content };
      setText((current) => current || message.content);
      if (isOutOfCredits(error)) setOutOfCredits(error.message);
      else reportFeedError(t, error, { title: t('messages.sendFailed'), fallback: t('messages.sendFailedDefault') });
    },
  });
  const sending = send.isPending;

  useEffect(() => {
    if (autoFocus && allowed && !sending) inputRef.current?.focus();
  }, [autoFocus, allowed, sending]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!allowed || !content || sending) return;
    const id = retry.current?.content === content ? retry.current.id : newMessageId();
    setOutOfCredits(null);
    setText('');
    send.mutate({ id, chat, content });
  };

  return (
    <form onSubmit={submit} className="space-y-1.5 border-t px-3 py-3 sm:px-4">
      <div className="flex items-center gap-2">
        <Input
          ref={inputRef}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim() && chat.userId && !chat.postId) emitTyping(chat.userId);
          }}
          disabled={!allowed || sending}
          placeholder={t(
            recipientDeleted
              ? 'messages.deletedUser'
              : allowed
                ? 'messages.placeholder'
                : 'messages.pendingPlaceholder',
          )}
          aria-label={t('messages.inputLabel')}
          autoComplete="off"
          maxLength={MESSAGE_MAX_CHARACTERS}
          data-testid="message-input"
        />
        <Button
          type="submit"
          size="icon"
          disabled={!allowed || sending || !text.trim()}
          aria-label={t('messages.send')}
        >
          {sending ? <Spinner /> : <SendHorizontal aria-hidden />}
        </Button>
      </div>
      {outOfCredits && <OutOfCredits message={outOfCredits} note={t('messages.draftKept')} />}
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="message-cost">
        <Coins className="size-3.5 text-amber-500" aria-hidden />
        {user.isAdmin ? t('messages.costAdmin') : t('messages.cost', { cost: MESSAGE_COST })}
      </p>
    </form>
  );
}
