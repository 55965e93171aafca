import { zodResolver } from '@hookform/resolvers/zod';
import { Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Divider } from '@/components/divider';
import { PhotoPicker } from '@/components/forms/photo-picker';
import { useProfileFields } from '@/components/forms/profile-fields';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { usePhotoField } from '@/components/forms/use-photo-field';
import { GoogleButton } from '@/components/google-button';
import { AuthCardFooter, AuthFormCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isNetworkError, serverMessageOr } from '@/lib/errors';
import { bytesToMb } from '@/lib/photo';
import { registrationSchema, UPLOAD_RULES } from '@/lib/rules';
import { useRegister } from '../api/register';
import { EmailStep } from '../components/email-step';
import { RegistrationComplete, type Registered } from '../components/registration-complete';

/**
 * The registration's steps as the spec's five-step demo names them: the form (with the photo), the e-mail step,
 * then waiting for an admin (the completion screen); approval comes later, from an admin.
 */
type Step = { at: 'form' } | { at: 'email' | 'done'; registered: Registered };

export function RegisterPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const photo = usePhotoField(UPLOAD_RULES.registration);
  const [step, setStep] = useState<Step>({ at: 'form' });

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
        username: result.user.username,
        gender: form.getValues('gender'),
        email: form.getValues('email'),
      };
      toast({
        variant: 'success',
        title: t('auth.register.successToastTitle'),
        description: t('auth.register.successToastDescription', { ...registered, context: registered.gender }),
      });
      setStep({ at: 'email', registered });
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

  if (step.at === 'done') return <RegistrationComplete {...step.registered} />;
  if (step.at === 'email') {
    const done = () => setStep({ at: 'done', registered: step.registered });
    return <EmailStep email={step.registered.email} onConfirmed={done} onLater={done} />;
  }

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
