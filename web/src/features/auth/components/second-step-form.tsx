import { zodResolver } from '@hookform/resolvers/zod';
import { Fingerprint } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SecondStepNeeded } from '@tip/bff/contract';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { secondStepSchema } from '@/lib/rules';
import { usePasskeySignIn, useSecondStepCode } from '../api/second-step';

/**
 * Which second steps the member can give (all, when unknown: after Google's sign-in), and the passkey's options the
 * login gave (none after Google's).
 */
export type SecondStepStart = Pick<SecondStepNeeded, 'methods' | 'passkeyOptions'>;

/**
 * The sign-in's second step, once the password (or Google) was right: the authenticator app's 6 digits or a recovery
 * code, or a passkey. Signed in, a full load starts the app as the member.
 */
export function SecondStepForm({ start, onRestart }: { start: SecondStepStart; onRestart: () => void }) {
  const { methods } = start;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm({
    resolver: zodResolver(secondStepSchema, undefined, { raw: true }),
    defaultValues: { code: '' },
  });
  const failed = (error: Error) =>
    toast({
      variant: 'destructive',
      title: t('auth.login.errorTitle'),
      description: serverMessageOr(error, t('secondFactor.signIn.passkeyFailed')),
    });
  const signedIn = () => window.location.assign('/');
  const code = useSecondStepCode({ onSuccess: signedIn, onError: failed });
  const passkey = usePasskeySignIn({ onSuccess: signedIn, onError: failed });
  const busy = code.isPending || passkey.isPending;
  // The login's options serve the first try; a try after a failure asks for new ones.
  const loginOptions = useRef(start.passkeyOptions);
  const signInWithPasskey = () => {
    const options = loginOptions.current;
    loginOptions.current = null;
    passkey.mutate({ secondStep: true, options });
  };

  return (
    <div className="space-y-4">
      {(methods.totp || methods.recoveryCode) && (
        <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => code.mutate(values))}>
          <TextField
            id="second-step-code"
            label={t('secondFactor.signIn.codeLabel')}
            hint={t('secondFactor.signIn.codeHint')}
            error={errorText(form.formState.errors.code?.message)}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('code')}
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {code.isPending && <Spinner />}
            {t('secondFactor.signIn.verify')}
          </Button>
        </form>
      )}
      {methods.passkey && (
        <Button variant="outline" size="lg" className="w-full" disabled={busy} onClick={signInWithPasskey}>
          {passkey.isPending ? <Spinner /> : <Fingerprint className="size-4" aria-hidden />}
          {t('secondFactor.signIn.usePasskey')}
        </Button>
      )}
      <p className="text-center text-sm">
        <button type="button" className="font-medium text-primary hover:underline" onClick={onRestart}>
          {t('secondFactor.signIn.restart')}
        </button>
      </p>
    </div>
  );
}
