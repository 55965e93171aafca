import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorAdded } from '@tip/bff/contract';
import { useCurrentUser } from '@/api/current-user';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSecondFactors } from '../api/get-second-factors';
import { AdminRequirementNotice } from '../components/admin-requirement-notice';
import { AuthenticatorAppCard } from '../components/authenticator-app-card';
import { PasskeysCard } from '../components/passkeys-card';
import { RecoveryCodesCard } from '../components/recovery-codes-card';
import { RecoveryCodesStatus } from '../components/recovery-codes-status';

/**
 * /security: the member's second factors (README, Second factor): an authenticator app, passkeys, recovery codes.
 * An admin past the grace the rule gives them reaches only this page until they add one.
 */
export function SecurityPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const factors = useSecondFactors();
  // Recovery codes come once, with the first factor or on request: shown until the member says they kept them.
  const [codes, setCodes] = useState<string[] | null>(null);
  const added = (answer: SecondFactorAdded) => {
    if (answer.recoveryCodes.length > 0) setCodes(answer.recoveryCodes);
  };

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 p-4">
      <header className="space-y-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <ShieldCheck className="size-6" aria-hidden />
          {t('secondFactor.security.title')}
        </h1>
        <p className="text-muted-foreground">{t('secondFactor.security.intro')}</p>
      </header>
      {user && <AdminRequirementNotice user={user} />}
      {factors.data ? (
        <>
          {codes && <RecoveryCodesCard codes={codes} onDone={() => setCodes(null)} />}
          <AuthenticatorAppCard enabled={factors.data.totp} onAdded={added} />
          <PasskeysCard passkeys={factors.data.passkeys} onAdded={added} />
          {(factors.data.totp || factors.data.passkeys.length > 0) && (
            <RecoveryCodesStatus left={factors.data.recoveryCodesLeft} onNew={setCodes} />
          )}
        </>
      ) : factors.isError ? (
        // Said, with a way to ask again, rather than a spinner for ever (the app retries a failed read once).
        <div role="alert" className="space-y-3">
          <p className="text-sm text-destructive">{t('secondFactor.security.loadError')}</p>
          <Button variant="outline" onClick={() => void factors.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <Spinner className="mx-auto size-8" label={t('common.loading')} />
      )}
    </div>
  );
}
