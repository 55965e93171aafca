import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { storeCurrentUser, useCurrentUser } from '@/api/current-user';
import { AuthDoneCard } from '@/components/layout/auth-card';
import { Spinner } from '@/components/ui/spinner';
import { EmailStep } from '../components/email-step';

/** The e-mail step on its own, for a signed-in member who left it for later or whose link had expired. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);

  if (confirmed) {
    return (
      <AuthDoneCard
        title={t('auth.confirmEmail.doneTitle')}
        description={t('auth.confirmEmail.doneDescription')}
        next="/"
      >
        <Spinner className="size-6 text-primary" label={t('common.loading')} />
      </AuthDoneCard>
    );
  }
  if (!user) return <Navigate to="/login" replace />;
  if (user.emailConfirmed || !user.email) return <Navigate to="/" replace />;
  return (
    <EmailStep
      email={user.pendingEmail ?? user.email}
      onConfirmed={(result) => {
        setConfirmed(true);
        void storeCurrentUser(queryClient, result);
      }}
      onLater={() => void navigate('/')}
    />
  );
}
