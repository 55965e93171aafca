import { MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthDoneCard, AuthFormCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/errors';
import { useConfirmEmail } from '../api/confirm-email';

/**
 * Where the confirmation mail's link leads: the token confirms the address by itself (in any browser, signed in or
 * not), once. A used or expired link says so, and where to get a new code.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail({});
  const sent = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    // Once per visit: a token is single-use, and React may run an effect twice while developing.
    if (sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [mutate, token]);

  if (confirm.isSuccess) {
    return (
      <AuthDoneCard
        title={t('auth.confirmEmail.doneTitle')}
        description={confirm.data.message ?? t('auth.confirmEmail.doneDescription')}
        next="/"
        reload
      >
        <Button asChild variant="gradient" size="lg">
          <a href="/">{t('auth.confirmEmail.continue')}</a>
        </Button>
      </AuthDoneCard>
    );
  }
  if (confirm.isError) {
    return (
      <AuthFormCard
        icon={<MailX className="size-6" aria-hidden />}
        title={t('auth.confirmEmail.failedTitle')}
        subtitle={serverMessageOr(confirm.error, t('common.genericError'))}
      >
        <Button asChild variant="gradient" size="lg" className="w-full">
          <Link to="/verify-email">{t('auth.confirmEmail.newCode')}</Link>
        </Button>
      </AuthFormCard>
    );
  }
  return (
    <AuthFormCard title={t('auth.emailStep.title')} subtitle={t('auth.confirmEmail.working')}>
      <Spinner className="mx-auto size-6 text-primary" label={t('common.loading')} />
    </AuthFormCard>
  );
}
