import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { emailChangeSchema, emailCodeFormSchema } from '@/lib/rules';
import { useEmailChange } from '../api/email-change';

type EmailChange = ReturnType<typeof useEmailChange>;

/**
 * The account's address and a change of it: the new address with the current password; then, while the change waits,
 * the code the new address received, a new code, or cancelling. The account keeps its address until the code is in.
 */
export function EmailCard({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const { t } = useTranslation();
  const change = useEmailChange({
    onSuccess: (message) => toast({ variant: 'success', title: message }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('profile.email.error'),
        description: serverMessageOr(error, t('common.genericError')),
      }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.email.title')}</CardTitle>
        <CardDescription>{t('profile.email.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm">
          <span className="text-muted-foreground">{t('profile.email.current')}: </span>
          <span className="font-medium" data-testid="current-email">
            {email}
          </span>
        </p>
        {pendingEmail ? (
          <PendingChange change={change} email={email} pendingEmail={pendingEmail} />
        ) : (
          <ChangeForm change={change} />
        )}
      </CardContent>
    </Card>
  );
}

const EMPTY = { newEmail: '', currentPassword: '' };

function ChangeForm({ change }: { change: EmailChange }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm({ resolver: zodResolver(emailChangeSchema, undefined, { raw: true }), defaultValues: EMPTY });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((body) => change.request.mutate(body, { onSuccess: () => form.reset(EMPTY) }))}
    >
      <TextField
        id="new-email"
        label={t('profile.email.new')}
        error={errorText(errors.newEmail?.message)}
        type="email"
        autoComplete="email"
        {...form.register('newEmail')}
      />
      <TextField
        id="email-change-password"
        label={t('profile.email.password')}
        error={errorText(errors.currentPassword?.message)}
        type="password"
        autoComplete="current-password"
        {...form.register('currentPassword')}
      />
      <Button type="submit" variant="outline" disabled={change.request.isPending}>
        {change.request.isPending && <Spinner />}
        {t('profile.email.submit')}
      </Button>
    </form>
  );
}

function PendingChange({ change, email, pendingEmail }: { change: EmailChange; email: string; pendingEmail: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm({
    resolver: zodResolver(emailCodeFormSchema, undefined, { raw: true }),
    defaultValues: { code: '' },
  });
  return (
    <div className="space-y-4 rounded-lg border border-primary/30 bg-primary/5 p-4" data-testid="pending-email">
      <div className="space-y-1">
        <p className="font-medium">{t('profile.email.pending', { email: pendingEmail })}</p>
        <p className="text-sm text-muted-foreground">{t('profile.email.pendingHint', { current: email })}</p>
      </div>
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit(({ code }) => change.confirm.mutate(code))}>
        <TextField
          id="email-change-code"
          label={t('profile.email.code')}
          error={errorText(form.formState.errors.code?.message)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.register('code')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={change.confirm.isPending}>
            {change.confirm.isPending && <Spinner />}
            {t('profile.email.confirm')}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={change.resend.isPending}
            onClick={() => change.resend.mutate(undefined, { onSuccess: () => form.reset({ code: '' }) })}
          >
            {change.resend.isPending && <Spinner />}
            {t('profile.email.resend')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            disabled={change.cancel.isPending}
            onClick={() => change.cancel.mutate()}
          >
            {change.cancel.isPending && <Spinner />}
            {t('profile.email.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}
