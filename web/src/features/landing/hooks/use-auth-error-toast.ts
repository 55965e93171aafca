import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';

const KNOWN_ERRORS = ['already_registered', 'not_registered', 'registration_failed', 'login_failed'];

/** The server's text for an error code, or the landing's for its own codes (docs/product.md#google), generic else. */
function describe(error: string, t: TFunction) {
  if (error === 'google_not_configured') return t('messages:identity.googleNotConfigured');
  return t(`landing.authError.${KNOWN_ERRORS.includes(error) ? error : 'other'}`);
}

/** The Google sign-in redirects back here with `?error=...`: say what went wrong once, then clean the address. */
export function useAuthErrorToast() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const error = params.get('error');
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    toast({
      variant: 'destructive',
      title: t('landing.authError.title'),
      description: describe(error, t),
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [error, setParams, t]);
}
