import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OutOfCredits } from '@/components/out-of-credits';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isOutOfCredits } from '@/lib/errors';
import { reportFeedError } from '@/lib/report-error';
import { useRevealTelegram } from '../../api/reveal-telegram';

/**
 * The price content charges for it (its TELEGRAM_REVEAL_COST; not imported, so that the domain's zod schemas stay out
 * of the feed's bundle). The server charges it; this only names it.
 */
const TELEGRAM_COST = 2;

/**
 * 'Contatta su Telegram (2 crediti)': pays once, then shows the handle with its t.me link; too few credits says so
 * under the button, with the way to buy more.
 */
export function TelegramContact({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const [handle, setHandle] = useState<string | null>(null);
  // The server's reason when the reveal was refused for too few credits.
  const [outOfCredits, setOutOfCredits] = useState<string | null>(null);
  const reveal = useRevealTelegram(postId, {
    onSuccess: (answer) => {
      setHandle(answer.telegramUsername.replace(/^@/, ''));
      if (answer.charged > 0)
        toast({
          variant: 'success',
          title: t('feed.telegram.revealed'),
          description: t('feed.unlock.charged', { credits: answer.charged }),
        });
    },
    onError: (error) => {
      if (isOutOfCredits(error)) setOutOfCredits(error.message);
      else reportFeedError(t, error, { title: t('common.error'), fallback: t('common.genericError') });
    },
  });

  if (handle)
    return (
      <a
        href={`https://t.me/${encodeURIComponent(handle)}`}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 text-sm font-semibold text-sky-700 hover:underline"
        data-testid="telegram-handle"
      >
        <Send className="size-4" aria-hidden />@{handle}
      </a>
    );
  return (
    <div className="space-y-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setOutOfCredits(null);
          reveal.mutate();
        }}
        disabled={reveal.isPending}
      >
        {reveal.isPending ? <Spinner /> : <Send aria-hidden />}
        {t('feed.telegram.contact', { cost: TELEGRAM_COST })}
      </Button>
      {outOfCredits && <OutOfCredits message={outOfCredits} />}
    </div>
  );
}
