import { zodResolver } from '@hookform/resolvers/zod';
import { UserRoundCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '@/api/current-user';
import { PhotoPicker } from '@/components/forms/photo-picker';
import { useProfileFields } from '@/components/forms/profile-fields';
import { usePhotoField } from '@/components/forms/use-photo-field';
import { AuthDoneCard, AuthFormCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { bytesToMb } from '@/lib/photo';
import { googleProfileSetupSchema, UPLOAD_RULES } from '@/lib/rules';
import { useSetupGoogleProfile } from '../api/setup-google-profile';

export function GoogleProfileSetupPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const photo = usePhotoField(UPLOAD_RULES.googleSetup);
  const [done, setDone] = useState(false);
  // Read once, at arrival: completing the profile here must still show the success screen before moving on.
  const [alreadyComplete] = useState(() => user?.needsProfileSetup === false);

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
  const profileFields = useProfileFields(form, {
    idPrefix: 'google',
    optional: ['telegramUsername'],
    wide: ['telegramUsername'],
  });

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

  // A member with nothing left to complete (a reload during the success screen, an old link) goes home.
  if (alreadyComplete) return <Navigate to="/" replace />;

  if (done) {
    return (
      <AuthDoneCard
        title={t('auth.google.completeTitle')}
        description={t('auth.google.completeDescription')}
        next="/"
        replace
      >
        <Spinner className="size-6 text-primary" label={t('common.loading')} />
      </AuthDoneCard>
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
    <AuthFormCard
      icon={<UserRoundCheck className="size-6" aria-hidden />}
      title={t('auth.google.title')}
      subtitle={t('auth.google.subtitle')}
    >
      <form noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
        {profileFields('username', 'age', 'gender', 'orientation', 'region', 'city', 'telegramUsername')}
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
        <Button type="submit" size="lg" variant="gradient" className="w-full sm:col-span-2" disabled={setup.isPending}>
          {setup.isPending && <Spinner />}
          {t('auth.google.submit')}
        </Button>
      </form>
    </AuthFormCard>
  );
}
