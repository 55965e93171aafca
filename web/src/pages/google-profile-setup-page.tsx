import { zodResolver } from '@hookform/resolvers/zod';
import { googleProfileSetupSchema, UPLOAD_RULES } from '@tip/identity/domain';
import { CheckCircle2, UserRoundCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@/api/auth/get-current-user';
import { useSetupGoogleProfile } from '@/api/auth/setup-google-profile';
import { PhotoPicker } from '@/components/forms/photo-picker';
import { SelectField } from '@/components/forms/select-field';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { usePhotoField } from '@/components/forms/use-photo-field';
import { AuthShell } from '@/components/layout/auth-shell';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { bytesToMb } from '@/lib/photo';
import { emptyAsUndefined, genderOptions, optionalNumber, orientationOptions } from '@/lib/profile-options';

const REDIRECT_AFTER_MS = 2_000;

export function GoogleProfileSetupPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const photo = usePhotoField(UPLOAD_RULES.googleSetup);
  const [done, setDone] = useState(false);

  const form = useForm({
    resolver: zodResolver(googleProfileSetupSchema, undefined, { raw: true }),
    // The signed-in state is known before any page renders, so the Google account's data is there at mount.
    defaultValues: {
      username: user?.username ?? '',
      age: user?.age ?? undefined,
      gender: user?.gender ?? undefined,
      orientation: user?.orientation ?? undefined,
      region: user?.region ?? '',
      city: user?.city ?? '',
      telegramUsername: user?.telegramUsername ?? undefined,
    },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!done) return;
    window.scrollTo({ top: 0 });
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const setup = useSetupGoogleProfile({
    onSuccess: () => {
      toast({ variant: 'success', title: t('auth.google.successToast') });
      setDone(true);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: serverMessageOr(error, t('common.genericError')),
      }),
  });

  if (done) {
    return (
      <AuthShell>
        <Card className="items-center text-center">
          <CardHeader className="items-center">
            <span className="mb-2 grid size-16 place-items-center rounded-full bg-success/15 text-success">
              <CheckCircle2 className="size-9" aria-hidden />
            </span>
            <CardTitle as="h1" className="text-2xl">
              {t('auth.google.completeTitle')}
            </CardTitle>
            <CardDescription className="max-w-md text-base">{t('auth.google.completeDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Spinner className="size-6 text-primary" label={t('common.loading')} />
          </CardContent>
        </Card>
      </AuthShell>
    );
  }

  const onSubmit = (event: FormEvent) => {
    const photoOk = photo.validate();
    void form.handleSubmit((fields) => {
      // The server checks that the id is the session's own: it names the Google account being completed.
      if (!user) {
        toast({ variant: 'destructive', title: t('messages:errors.authentication') });
        return;
      }
      if (photoOk && photo.file) setup.mutate({ fields: { ...fields, googleUserId: user.id }, photo: photo.file });
    })(event);
  };

  return (
    <AuthShell>
      <Card className="border-0 shadow-none sm:border sm:shadow-sm">
        <CardHeader>
          <span className="mb-1 grid size-12 place-items-center rounded-xl bg-secondary text-primary">
            <UserRoundCheck className="size-6" aria-hidden />
          </span>
          <CardTitle as="h1" className="text-2xl">
            {t('auth.google.title')}
          </CardTitle>
          <CardDescription>{t('auth.google.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
            <TextField
              id="google-username"
              label={t('auth.fields.username')}
              error={errorText(errors.username?.message)}
              autoComplete="username"
              {...form.register('username')}
            />
            <TextField
              id="google-age"
              label={t('auth.fields.age')}
              error={errorText(errors.age?.message)}
              type="number"
              inputMode="numeric"
              min={18}
              max={100}
              {...form.register('age', { setValueAs: optionalNumber })}
            />
            <SelectField
              control={form.control}
              name="gender"
              id="google-gender"
              label={t('auth.fields.gender')}
              placeholder={t('auth.fields.genderPlaceholder')}
              options={genderOptions(t)}
            />
            <SelectField
              control={form.control}
              name="orientation"
              id="google-orientation"
              label={t('auth.fields.orientation')}
              placeholder={t('auth.fields.orientationPlaceholder')}
              options={orientationOptions(t)}
            />
            <TextField
              id="google-region"
              label={t('auth.fields.region')}
              error={errorText(errors.region?.message)}
              autoComplete="address-level1"
              {...form.register('region')}
            />
            <TextField
              id="google-city"
              label={t('auth.fields.city')}
              error={errorText(errors.city?.message)}
              autoComplete="address-level2"
              {...form.register('city')}
            />
            <TextField
              id="google-telegram"
              className="sm:col-span-2"
              label={t('auth.fields.telegramOptional')}
              hint={t('auth.fields.telegramHint')}
              error={errorText(errors.telegramUsername?.message)}
              autoComplete="off"
              {...form.register('telegramUsername', { setValueAs: emptyAsUndefined })}
            />
            <div className="sm:col-span-2">
              <PhotoPicker
                id="google-photo"
                label={t('auth.fields.verificationPhoto')}
                hint={t('auth.fields.verificationPhotoHint', { max: bytesToMb(UPLOAD_RULES.googleSetup.maxBytes) })}
                error={photo.error}
                file={photo.file}
                onChange={photo.choose}
              />
            </div>
            <Button
              type="submit"
              size="lg"
              variant="gradient"
              className="w-full sm:col-span-2"
              disabled={setup.isPending}
            >
              {setup.isPending && <Spinner />}
              {t('auth.google.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
