import { zodResolver } from '@hookform/resolvers/zod';
import { registrationSchema, UPLOAD_RULES } from '@tip/identity/domain';
import { ArrowLeft, CheckCircle2, Upload } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useRegister } from '@/api/auth/register';
import { Divider } from '@/components/divider';
import { PhotoPicker } from '@/components/forms/photo-picker';
import { SelectField } from '@/components/forms/select-field';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { usePhotoField } from '@/components/forms/use-photo-field';
import { GoogleButton } from '@/components/google-button';
import { AuthShell } from '@/components/layout/auth-shell';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isNetworkError, serverMessageOr } from '@/lib/errors';
import { bytesToMb } from '@/lib/photo';
import { emptyAsUndefined, genderOptions, optionalNumber, orientationOptions } from '@/lib/profile-options';

const REDIRECT_AFTER_MS = 2_000;

export function RegisterPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const photo = usePhotoField(UPLOAD_RULES.registration);
  const [registeredAs, setRegisteredAs] = useState<string | null>(null);

  const form = useForm({
    resolver: zodResolver(registrationSchema, undefined, { raw: true }),
    defaultValues: {
      username: '',
      telegramUsername: undefined,
      email: '',
      password: '',
      confirmPassword: '',
      gender: undefined,
      orientation: undefined,
      age: undefined,
      region: undefined,
      city: undefined,
    },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!registeredAs) return;
    window.scrollTo({ top: 0 });
    const timer = setTimeout(() => navigate('/login'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [registeredAs, navigate]);

  const registration = useRegister({
    onSuccess: (result) => {
      const username = result.user?.username ?? form.getValues('username');
      toast({
        variant: 'success',
        title: t('auth.register.successToastTitle'),
        description: t('auth.register.successToastDescription', { username }),
      });
      setRegisteredAs(username);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('auth.register.errorTitle'),
        description: isNetworkError(error)
          ? t('auth.register.networkError')
          : serverMessageOr(error, t('auth.register.genericError')),
      }),
  });

  if (registeredAs) return <RegistrationComplete />;

  const onSubmit = (event: FormEvent) => {
    const photoOk = photo.validate();
    void form.handleSubmit((fields) => {
      if (photoOk && photo.file) registration.mutate({ fields, photo: photo.file });
    })(event);
  };

  return (
    <AuthShell>
      <Card className="border-0 shadow-none sm:border sm:shadow-sm">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {t('auth.register.title')}
          </CardTitle>
          <CardDescription>{t('auth.register.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <GoogleButton href="/api/auth/google/register" className="w-full">
            {t('auth.register.google')}
          </GoogleButton>
          <Divider label={t('auth.orWithEmail')} />
          <form noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
            <TextField
              id="register-username"
              label={t('auth.fields.username')}
              error={errorText(errors.username?.message)}
              autoComplete="username"
              {...form.register('username')}
            />
            <TextField
              id="register-telegram"
              label={t('auth.fields.telegramOptional')}
              hint={t('auth.fields.telegramHint')}
              error={errorText(errors.telegramUsername?.message)}
              autoComplete="off"
              {...form.register('telegramUsername', { setValueAs: emptyAsUndefined })}
            />
            <TextField
              id="register-email"
              className="sm:col-span-2"
              label={t('auth.fields.email')}
              error={errorText(errors.email?.message)}
              type="email"
              inputMode="email"
              autoComplete="email"
              {...form.register('email')}
            />
            <TextField
              id="register-password"
              label={t('auth.fields.password')}
              error={errorText(errors.password?.message)}
              type="password"
              autoComplete="new-password"
              {...form.register('password')}
            />
            <TextField
              id="register-confirm-password"
              label={t('auth.fields.confirmPassword')}
              error={errorText(errors.confirmPassword?.message)}
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
            <SelectField
              control={form.control}
              name="gender"
              id="register-gender"
              label={t('auth.fields.gender')}
              placeholder={t('auth.fields.genderPlaceholder')}
              options={genderOptions(t)}
            />
            <SelectField
              control={form.control}
              name="orientation"
              id="register-orientation"
              label={t('auth.fields.orientation')}
              placeholder={t('auth.fields.orientationPlaceholder')}
              options={orientationOptions(t)}
            />
            <TextField
              id="register-age"
              label={t('auth.fields.ageOptional')}
              error={errorText(errors.age?.message)}
              type="number"
              inputMode="numeric"
              min={18}
              max={100}
              {...form.register('age', { setValueAs: optionalNumber })}
            />
            <TextField
              id="register-region"
              label={t('auth.fields.regionOptional')}
              error={errorText(errors.region?.message)}
              autoComplete="address-level1"
              {...form.register('region', { setValueAs: emptyAsUndefined })}
            />
            <TextField
              id="register-city"
              className="sm:col-span-2"
              label={t('auth.fields.cityOptional')}
              error={errorText(errors.city?.message)}
              autoComplete="address-level2"
              {...form.register('city', { setValueAs: emptyAsUndefined })}
            />
            <div className="sm:col-span-2">
              <PhotoPicker
                id="register-photo"
                label={t('auth.fields.verificationPhoto')}
                hint={t('auth.fields.verificationPhotoHint', { max: bytesToMb(UPLOAD_RULES.registration.maxBytes) })}
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
              disabled={!photo.file || registration.isPending}
            >
              {registration.isPending ? <Spinner /> : <Upload aria-hidden />}
              {t('auth.register.submit')}
            </Button>
          </form>
          <p className="text-center text-sm text-muted-foreground">
            {t('auth.register.haveAccount')}{' '}
            <Link to="/login" className="font-semibold text-primary hover:underline">
              {t('auth.register.loginLink')}
            </Link>
          </p>
          <Button asChild variant="ghost" className="w-full">
            <Link to="/">
              <ArrowLeft aria-hidden />
              {t('common.backHome')}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </AuthShell>
  );
}

function RegistrationComplete() {
  const { t } = useTranslation();
  return (
    <AuthShell>
      <Card className="items-center text-center">
        <CardHeader className="items-center">
          <span className="mb-2 grid size-16 place-items-center rounded-full bg-success/15 text-success">
            <CheckCircle2 className="size-9" aria-hidden />
          </span>
          <CardTitle as="h1" className="text-2xl">
            {t('auth.register.completeTitle')}
          </CardTitle>
          <CardDescription className="max-w-md text-base">{t('auth.register.completeDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="grid w-full max-w-sm gap-3">
          <p className="rounded-xl bg-secondary px-4 py-3 text-left text-sm text-secondary-foreground">
            {t('auth.register.completeSteps')}
          </p>
          <Button asChild variant="gradient" size="lg">
            <Link to="/login">
              <Upload aria-hidden />
              {t('auth.register.completeUpload')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/login">{t('auth.register.completeLogin')}</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/">{t('common.backHome')}</Link>
          </Button>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
