import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { AuthFormCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { passwordForgotSchema } from '@/lib/rules';
import { useForgotPassword } from '../api/forgot-password';

/** 'Password dimenticata?': a reset link to the address. The answer is the same whether or not it has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm({
    resolver: zodResolver(passwordForgotSchema, undefined, { raw: true }),
    defaultValues: { email: '' },
  });
  const forgot = useForgotPassword({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: serverMessageOr(error, t('common.genericError')),
      }),
  });
  const backToLogin = (
    <p className="text-center text-sm">
      <Link to="/login" className="font-semibold text-primary hover:underline">
        {t('auth.forgot.backToLogin')}
      </Link>
    </p>
  );

  if (forgot.isSuccess) {
    return (
      <AuthFormCard
        icon={<MailCheck className="size-6" aria-hidden />}
        title={t('auth.forgot.sentTitle')}
        subtitle={forgot.data.message}
      >
        {backToLogin}
      </AuthFormCard>
    );
  }
  return (
    <AuthFormCard
      icon={<KeyRound className="size-6" aria-hidden />}
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
    >
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => forgot.mutate(values))}>
        <TextField
          id="forgot-email"
          label={t('auth.fields.email')}
          error={errorText(form.formState.errors.email?.message)}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...form.register('email')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending}>
          {forgot.isPending && <Spinner />}
          {t('auth.forgot.submit')}
        </Button>
      </form>
      {backToLogin}
    </AuthFormCard>
  );
}
