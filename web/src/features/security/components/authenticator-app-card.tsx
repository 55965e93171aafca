import { zodResolver } from '@hookform/resolvers/zod';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SecondFactorAdded, TotpSetup } from '@tip/bff/contract';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { totpConfirmSchema } from '@/lib/rules';
import { useBeginTotpSetup, useConfirmTotpSetup } from '../api/setup-totp';
import { RemoveFactorButton } from './remove-factor-button';

/** An authenticator app: on or off, set up by scanning its QR code (or typing the secret) and giving its first code. */
export function AuthenticatorAppCard({
  enabled,
  onAdded,
}: {
  enabled: boolean;
  onAdded: (answer: SecondFactorAdded) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const failed = (error: Error) =>
    toast({
      variant: 'destructive',
      title: t('common.error'),
      description: serverMessageOr(error, t('common.genericError')),
    });
  const begin = useBeginTotpSetup({ onSuccess: setSetup, onError: failed });
  const form = useForm({
    resolver: zodResolver(totpConfirmSchema, undefined, { raw: true }),
    defaultValues: { code: '' },
  });
  const confirm = useConfirmTotpSetup({
    onSuccess: (answer) => {
      setSetup(null);
      form.reset();
      toast({ variant: 'success', title: answer.message });
      onAdded(answer);
    },
    onError: failed,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smartphone className="size-5" aria-hidden />
          {t('secondFactor.app.title')}
        </CardTitle>
        <CardDescription>{enabled ? t('secondFactor.app.on') : t('secondFactor.app.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {enabled && <RemoveFactorButton factor={{ kind: 'totp' }} label={t('secondFactor.app.remove')} />}
        {!enabled && !setup && (
          <Button onClick={() => begin.mutate()} disabled={begin.isPending}>
            {begin.isPending && <Spinner />}
            {t('secondFactor.app.setUp')}
          </Button>
        )}
        {!enabled && setup && (
          <div className="space-y-4">
            <p className="text-sm">{t('secondFactor.app.scan')}</p>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
              alt={t('secondFactor.app.qrAlt')}
              width={192}
              height={192}
              className="rounded border bg-white"
            />
            <p className="text-sm">
              {t('secondFactor.app.secretLabel')}{' '}
              <code className="break-all rounded bg-muted px-2 py-1" data-testid="totp-secret">
                {setup.secret}
              </code>
            </p>
            <form noValidate className="space-y-3" onSubmit={form.handleSubmit((values) => confirm.mutate(values))}>
              <TextField
                id="totp-first-code"
                label={t('secondFactor.app.codeLabel')}
                error={errorText(form.formState.errors.code?.message)}
                inputMode="numeric"
                autoComplete="one-time-code"
                {...form.register('code')}
              />
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending && <Spinner />}
                {t('secondFactor.app.confirm')}
              </Button>
            </form>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
