import type { TFunction } from 'i18next';
import { ApiError } from '@/api/client';
import { toast } from '@/components/ui/use-toast';

/** After an unauthorized delete, the page goes to /api/login this long after the toast. */
export const RELOGIN_DELAY_MS = 500;

export function notifySuccess(title: string, description?: string) {
  toast({ variant: 'success', title, description });
}

/**
 * 'Errore' with the action's own text ('Impossibile cancellare il post.'...). A refusal the server explained (a 4xx
 * with its message, already in the admin's language: a balance too small, a report already resolved...) adds that
 * explanation.
 */
export function notifyFailure(t: TFunction, description: string, error: unknown) {
  const explained = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
  const detail = explained && error.message && error.message !== description ? error.message : null;
  toast({
    variant: 'destructive',
    title: t('common.error'),
    description: detail ? `${description} ${detail}` : description,
  });
}

/**
 * A failed delete (feedback, user, post): on 401 the session is gone, so 'Unauthorized' shows and the page goes to
 * /api/login after 500 ms; anything else is an ordinary failure.
 */
export function notifyDeleteFailure(t: TFunction, description: string, error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    toast({
      variant: 'destructive',
      title: t('admin.unauthorized.title'),
      description: t('admin.unauthorized.description'),
    });
    setTimeout(() => window.location.assign('/api/login'), RELOGIN_DELAY_MS);
    return;
  }
  notifyFailure(t, description, error);
}
