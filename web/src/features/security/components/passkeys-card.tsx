import { zodResolver } from '@hookform/resolvers/zod';
import { Fingerprint } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SecondFactorAdded, SecondFactors } from '@tip/bff/contract';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { serverMessageOr } from '@/lib/errors';
import { passkeyFormSchema } from '@/lib/rules';
import { useAddPasskey } from '../api/add-passkey';
import { RemoveFactorButton } from './remove-factor-button';

/** The member's passkeys (names and dates) and a new one made on this device, which also signs in without a password. */
export function PasskeysCard({
  passkeys,
  onAdded,
}: {
  passkeys: SecondFactors['passkeys'];
  onAdded: (answer: SecondFactorAdded) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const form = useForm({
    resolver: zodResolver(passkeyFormSchema, undefined, { raw: true }),
    defaultValues: { name: '' },
  });
  const add = useAddPasskey({
    onSuccess: (answer) => {
      form.reset();
      toast({ variant: 'success', title: answer.message });
      onAdded(answer);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: serverMessageOr(error, t('secondFactor.passkeys.failed')),
      }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Fingerprint className="size-5" aria-hidden />
          {t('secondFactor.passkeys.title')}
        </CardTitle>
        <CardDescription>{t('secondFactor.passkeys.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {passkeys.length > 0 && (
          <ul className="divide-y rounded border" aria-label={t('secondFactor.passkeys.list')}>
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <p className="font-medium">{passkey.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {t('secondFactor.passkeys.added', { date: formatDateTime(passkey.addedAt, i18n.language) })}
                    {passkey.lastUsedAt &&
                      ` · ${t('secondFactor.passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt, i18n.language) })}`}
                  </p>
                </div>
                <RemoveFactorButton
                  factor={{ kind: 'passkey', id: passkey.id }}
                  label={t('secondFactor.passkeys.remove', { name: passkey.name })}
                />
              </li>
            ))}
          </ul>
        )}
        <form noValidate className="space-y-3" onSubmit={form.handleSubmit((values) => add.mutate(values))}>
          <TextField
            id="passkey-name"
            label={t('secondFactor.passkeys.nameLabel')}
            hint={t('secondFactor.passkeys.nameHint')}
            error={errorText(form.formState.errors.name?.message)}
            {...form.register('name')}
          />
          <Button type="submit" disabled={add.isPending}>
            {add.isPending && <Spinner />}
            {t('secondFactor.passkeys.add')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
