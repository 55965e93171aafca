import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn, Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Gender } from '@/api/types';
import { Divider } from '@/components/divider';
import { PhotoPicker } from '@/components/forms/photo-picker';
import { useProfileFields } from '@/components/forms/profile-fields';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { usePhotoField } from '@/components/forms/use-photo-field';
import { GoogleButton } from '@/components/google-button';
import { AuthCardFooter, AuthDoneCard, AuthFormCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isNetworkError, serverMessageOr } from '@/lib/errors';
import { bytesToMb } from '@/lib/photo';
import { registrationSchema, UPLOAD_RULES } from '@/lib/rules';
import { useRegister } from '../api/register';
import { JUST_REGISTERED } from '../lib/just-registered';

export function RegisterPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const photo = usePhotoField(UPLOAD_RULES.registration);
  const [registeredAs, setRegisteredAs] = useState<Registered | null>(null);

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
  const profileFields = useProfileFields(form, {
    idPrefix: 'register',
    optional: ['telegramUsername', 'age', 'region', 'city'],
    wide: ['city'],
  });

  const registration = useRegister({
    onSuccess: (result) => {
      const registered = {
        username: result.user?.username ?? form.getValues('username'),
        gender: form.getValues('gender'),
      };
      toast({
        variant: 'success',
        title: t('auth.register.successToastTitle'),
        description: t('auth.register.successToastDescription', { ...registered, context: registered.gender }),
      });
      setRegisteredAs(registered);
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

  if (registeredAs) return <RegistrationComplete {...registeredAs} />;

  const onSubmit = (event: FormEvent) => {
    const photoOk = photo.validate();
    void form.handleSubmit((fields) => {
      if (photoOk && photo.file) registration.mutate({ fields, photo: photo.file });
    })(event);
  };

  return (
    <AuthFormCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <GoogleButton href="/api/auth/google/register" className="w-full">
        {t('auth.register.google')}
      </GoogleButton>
      <Divider label={t('auth.orWithEmail')} />
      <form noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
        {profileFields('username', 'telegramUsername')}
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
        {profileFields('gender', 'orientation', 'age', 'region', 'city')}
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
      <AuthCardFooter question={t('auth.register.haveAccount')} to="/login" link={t('auth.register.loginLink')} />
    </AuthFormCard>
  );
}

/** Who just registered: the greetings agree with the gender where the language does ('Benvenuta'). */
type Registered = { username: string; gender: Gender | undefined };

/** 'Registrazione Completata!': what happens next (an admin checks the photo just sent), then the login page. */
function RegistrationComplete({ username, gender }: Registered) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <AuthDoneCard
      title={t('auth.register.completeTitle')}
      description={t('auth.register.completeDescription', { username, context: gender })}
      next="/login"
      nextState={JUST_REGISTERED}
      contentClassName="grid w-full max-w-sm gap-3"
    >
      <section
        aria-labelledby={titleId}
        className="rounded-xl bg-secondary px-4 py-3 text-left text-sm text-secondary-foreground"
        data-testid="registration-next"
      >
        <h2 id={titleId} className="font-semibold">
          {t('auth.register.nextTitle')}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>{t('auth.register.nextReview')}</li>
          <li>{t('auth.register.nextMeanwhile')}</li>
          <li>{t('auth.register.nextApproved')}</li>
        </ol>
      </section>
      <Button asChild variant="gradient" size="lg">
        <Link to="/login" state={JUST_REGISTERED}>
          <LogIn aria-hidden />
          {t('auth.register.completeLogin')}
        </Link>
      </Button>
      <Button asChild variant="ghost">
        <Link to="/">{t('common.backHome')}</Link>
      </Button>
    </AuthDoneCard>
  );
}
