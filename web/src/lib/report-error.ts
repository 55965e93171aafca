import type { TFunction } from 'i18next';
import { ApiError } from '@/api/client';
import { toast } from '@/components/ui/use-toast';
import { isNetworkError, serverMessageOr } from '@/lib/errors';

/** Session errors ('Errore di Sessione'): a 401, or a message that says the session is gone. */
export function isSessionError(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) return true;
  const message = error instanceof Error ? error.message : '';
  return /^401|Unauthorized|Non autenticato|Sessione scaduta/.test(message);
}

/**
 * A feed action failed: a lost session says so and reloads the page after `reloadAfterMs` (1 s, 2 s in the
 * composer); anything else is a toast titled `title` with the server's message, or `fallback`.
 */
export function reportFeedError(
  t: TFunction,
  error: unknown,
  { title, fallback, reloadAfterMs = 1_000 }: { title: string; fallback: string; reloadAfterMs?: number },
) {
  if (isSessionError(error)) {
    toast({ variant: 'destructive', title: t('feed.errors.sessionTitle'), description: t('feed.errors.session') });
    setTimeout(() => window.location.reload(), reloadAfterMs);
    return;
  }
  if (isNetworkError(error)) {
    toast({
      variant: 'destructive',
      title: t('feed.errors.connectionTitle'),
      description: t('feed.errors.connection'),
    });
    return;
  }
  toast({ variant: 'destructive', title, description: serverMessageOr(error, fallback) });
}
