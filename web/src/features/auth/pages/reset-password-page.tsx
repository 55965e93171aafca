import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { AuthFormCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { newPasswordFormSchema } from '@/lib/rules';
import { useResetPassword } from '../api/reset-password';

/**
 * Where the reset mail's link leads: a new password, typed twice. It signs this browser in (a full load starts the
 * app as the member) and every other session out.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({
    resolver: zodResolver(newPasswordFormSchema, undefined, { raw: true }),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useResetPassword({
    onSuccess: (result) => {
      toast({ variant: 'success', title: result.message ?? t('auth.reset.title') });
      window.location.assign('/');
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('auth.reset.errorTitle'),
        description: serverMessageOr(error, t('common.genericError')),
      }),
  });
  const newLink = (
    <p className="text-center text-sm">
      <Link to="/forgot-password" className="font-semibold text-primary hover:underline">
        {t('auth.reset.newLink')}
      </Link>
    </p>
  );

  if (!token) {
    return (
      <AuthFormCard
        icon={<KeyRound className="size-6" aria-hidden />}
        title={t('auth.reset.title')}
        subtitle={t('auth.reset.missingToken')}
      >
        {newLink}
      </AuthFormCard>
    );
  }
  return (
    <AuthFormCard
      icon={<KeyRound className="size-6" aria-hidden />}
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}
      >
        <TextField
          id="reset-password"
          label={t('auth.reset.password')}
          error={errorText(form.formState.errors.password?.message)}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
        <TextField
          id="reset-confirm-password"
          label={t('auth.reset.confirmPassword')}
          error={errorText(form.formState.errors.confirmPassword?.message)}
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending || reset.isSuccess}>
          {reset.isPending && <Spinner />}
          {t('auth.reset.submit')}
        </Button>
      </form>
      {newLink}
    </AuthFormCard>
  );
}
