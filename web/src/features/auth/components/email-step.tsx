import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserResult } from '@/api/types';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { AuthFormCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { emailCodeFormSchema } from '@/lib/rules';
import { useConfirmEmail } from '../api/confirm-email';
import { useResendConfirmation } from '../api/resend-confirmation';

/**
 * Registration's e-mail step: the 6-digit code the mail carries (the link in it works as well, in any browser), a new
 * code when the mail went astray, or later. The member is signed in: the code is checked against their account.
 */
export function EmailStep({
  email,
  onConfirmed,
  onLater,
}: {
  email: string;
  onConfirmed: (result: UserResult) => void;
  onLater: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm({
    resolver: zodResolver(emailCodeFormSchema, undefined, { raw: true }),
    defaultValues: { code: '' },
  });
  const failed = (title: string) => (error: Error) =>
    toast({ variant: 'destructive', title, description: serverMessageOr(error, t('common.genericError')) });

  const confirm = useConfirmEmail({
    onSuccess: (result) => {
      toast({ variant: 'success', title: result.message ?? t('auth.confirmEmail.doneTitle') });
      onConfirmed(result);
    },
    onError: failed(t('auth.emailStep.errorTitle')),
  });
  const resend = useResendConfirmation({
    onSuccess: (result) => {
      form.reset({ code: '' });
      toast({ variant: 'success', title: t('auth.emailStep.resentTitle'), description: result.message });
    },
    onError: failed(t('common.error')),
  });

  return (
    <AuthFormCard
      icon={<MailCheck className="size-6" aria-hidden />}
      title={t('auth.emailStep.title')}
      subtitle={t('auth.emailStep.subtitle', { email })}
    >
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit(({ code }) => confirm.mutate({ code }))}>
        <TextField
          id="email-code"
          label={t('auth.emailStep.code')}
          hint={t('auth.emailStep.codeHint')}
          error={errorText(form.formState.errors.code?.message)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="text-center"
          {...form.register('code')}
        />
        <Button type="submit" size="lg" variant="gradient" className="w-full" disabled={confirm.isPending}>
          {confirm.isPending && <Spinner />}
          {t('auth.emailStep.submit')}
        </Button>
      </form>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" className="flex-1" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending && <Spinner />}
          {t('auth.emailStep.resend')}
        </Button>
        <Button variant="ghost" className="flex-1" onClick={onLater}>
          {t('auth.emailStep.later')}
        </Button>
      </div>
    </AuthFormCard>
  );
}
