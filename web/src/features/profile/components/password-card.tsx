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
import { passwordChangeFormSchema } from '@/lib/rules';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** A new password, given the current one: the member's other devices are signed out, this one stays. */
export function PasswordCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm({
    resolver: zodResolver(passwordChangeFormSchema, undefined, { raw: true }),
    defaultValues: EMPTY,
  });
  const change = useChangePassword({
    onSuccess: (message) => {
      form.reset(EMPTY);
      toast({ variant: 'success', title: message });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('profile.password.error'),
        description: serverMessageOr(error, t('common.genericError')),
      }),
  });
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.password.title')}</CardTitle>
        <CardDescription>{t('profile.password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
            change.mutate({ currentPassword, newPassword }),
          )}
        >
          <TextField
            id="current-password"
            label={t('profile.password.current')}
            error={errorText(errors.currentPassword?.message)}
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
          <TextField
            id="new-password"
            label={t('profile.password.new')}
            error={errorText(errors.newPassword?.message)}
            type="password"
            autoComplete="new-password"
            {...form.register('newPassword')}
          />
          <TextField
            id="confirm-new-password"
            label={t('profile.password.confirm')}
            error={errorText(errors.confirmPassword?.message)}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
          <Button type="submit" variant="outline" disabled={change.isPending}>
            {change.isPending && <Spinner />}
            {t('profile.password.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
