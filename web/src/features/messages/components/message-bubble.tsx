import { Check, CheckCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { ThreadItem } from '../api/types';
import { formatMessageTime } from '../lib/message-time';

/** One message: the member's own on the right with its sent / read mark, the other member's on the left. */
export function MessageBubble({ item, own }: { item: ThreadItem; own: boolean }) {
  const { t } = useTranslation();
  const { message } = item;
  const state = item.pending ? 'sending' : message.readAt ? 'read' : 'sent';
  const Mark = state === 'sending' ? Clock : state === 'read' ? CheckCheck : Check;
  const markLabel = t(`messages.${state === 'sending' ? 'sending' : state === 'read' ? 'readMark' : 'sentMark'}`);
  return (
    <li
      data-testid="message"
      data-own={own}
      data-state={own ? state : undefined}
      className={cn('flex', own ? 'justify-end' : 'justify-start')}
    >
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3.5 py-2 shadow-xs',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md bg-muted text-foreground',
          item.pending && 'opacity-70',
        )}
      >
        <p className="break-words whitespace-pre-line" data-testid="message-content">
          {message.content}
        </p>
        <p
          className={cn(
            'mt-1 flex items-center justify-end gap-1 text-[11px]',
            own ? 'text-primary-foreground/90' : 'text-muted-foreground',
          )}
        >
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
          {own && (
            <Mark
              role="img"
              aria-label={markLabel}
              data-testid="message-mark"
              className={cn('size-3.5', state === 'read' && 'text-sky-200')}
            />
          )}
        </p>
      </div>
    </li>
  );
}
