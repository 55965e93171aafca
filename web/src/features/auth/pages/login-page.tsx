import { zodResolver } from '@hookform/resolvers/zod';
import { Fingerprint, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Divider } from '@/components/divider';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { GoogleButton } from '@/components/google-button';
import { AuthCardFooter, AuthFormCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { loginSchema } from '@/lib/rules';
import { useLogin } from '../api/login';
import { usePasskeySignIn } from '../api/second-step';
import { SecondStepForm, type SecondStepStart } from '../components/second-step-form';

/** Google's sign-in sends a member with a second factor here (?step=second), without saying which they have. */
const AFTER_GOOGLE: SecondStepStart = {
  methods: { totp: true, passkey: true, recoveryCode: true },
  passkeyOptions: null,
};

export function LoginPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const [secondStep, setSecondStep] = useState<SecondStepStart | null>(
    params.get('step') === 'second' ? AFTER_GOOGLE : null,
  );
  const form = useForm({
    resolver: zodResolver(loginSchema, undefined, { raw: true }),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const login = useLogin({
    onSuccess: (result) => {
      if ('secondStep' in result) {
        setSecondStep({ methods: result.methods, passkeyOptions: result.passkeyOptions });
        return;
      }
      if (!result.success) {
        toast({
          variant: 'destructive',
          title: t('auth.login.errorTitle'),
          description: result.message || t('auth.login.invalidCredentials'),
        });
        return;
      }
      toast({
        variant: 'success',
        title: t('auth.login.successTitle'),
        description: t('auth.login.successDescription', { context: result.user?.gender ?? undefined }),
      });
      // A full load starts the signed-in app from a clean slate (fresh queries, socket, layout).
      window.location.assign('/');
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('auth.login.errorTitle'),
        description: serverMessageOr(error, t('auth.login.genericError')),
      }),
  });

  const passkey = usePasskeySignIn({
    // A full load starts the signed-in app from a clean slate.
    onSuccess: () => window.location.assign('/'),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('auth.login.errorTitle'),
        description: serverMessageOr(error, t('secondFactor.signIn.passkeyFailed')),
      }),
  });

  const emailError = errorText(errors.email?.message);
  const passwordError = errorText(errors.password?.message);

  if (secondStep) {
    return (
      <AuthFormCard
        icon={<ShieldCheck className="size-6" aria-hidden />}
        title={t('secondFactor.signIn.title')}
        subtitle={t('secondFactor.signIn.subtitle')}
      >
        <SecondStepForm
          start={secondStep}
          onRestart={() => {
            setSecondStep(null);
            setParams({}, { replace: true });
          }}
        />
      </AuthFormCard>
    );
  }

  return (
    <AuthFormCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <TextField
          id="login-email"
          label={t('auth.fields.email')}
          error={emailError}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.register('email')}
        />
        <TextField
          id="login-password"
          label={t('auth.fields.password')}
          error={passwordError}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
        <p className="text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-primary hover:underline">
            {t('auth.login.forgotLink')}
          </Link>
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending && <Spinner />}
          {t('auth.login.submit')}
        </Button>
      </form>
      <Divider label={t('auth.or')} />
      <Button
        variant="outline"
        size="lg"
        // Its label is the longest of the page's: on a 360 px phone it wraps rather than widen the card past the screen.
        className="h-auto min-h-12 w-full whitespace-normal"
        disabled={passkey.isPending}
        onClick={() => passkey.mutate({ secondStep: false })}
      >
        {passkey.isPending ? <Spinner /> : <Fingerprint className="size-4" aria-hidden />}
        {t('secondFactor.signIn.withPasskey')}
      </Button>
      <GoogleButton href="/api/auth/google" className="w-full">
        {t('auth.login.google')}
      </GoogleButton>
      <AuthCardFooter question={t('auth.login.noAccount')} to="/register" link={t('auth.login.registerLink')} />
    </AuthFormCard>
  );
}
