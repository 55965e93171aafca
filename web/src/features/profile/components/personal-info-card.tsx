import { zodResolver } from '@hookform/resolvers/zod';
import { UserRound } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { controlAria, Field } from '@/components/forms/field';
import { useProfileFields } from '@/components/forms/profile-fields';
import { useErrorText } from '@/components/forms/use-error-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { profileUpdateSchema } from '@/lib/rules';
import { useUpdateProfile } from '../api/update-profile';

// Optional texts stay strings, so that emptying one clears it on the server.
const formValues = (user: User) => ({
  username: user.username,
  bio: user.bio ?? '',
  age: user.age ?? undefined,
  region: user.region ?? '',
  city: user.city ?? '',
  gender: user.gender ?? undefined,
  orientation: user.orientation ?? undefined,
  telegramUsername: user.telegramUsername ?? '',
});

export function PersonalInfoCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm({
    resolver: zodResolver(profileUpdateSchema, undefined, { raw: true }),
    defaultValues: formValues(user),
  });
  const { errors, isDirty } = form.formState;
  const profileFields = useProfileFields(form, { idPrefix: 'profile' });
  // The verification photo establishes the gender: changing an approved one sends the account back to the queue.
  const chosenGender = useWatch({ control: form.control, name: 'gender' });
  const reverifies =
    user.verificationStatus === 'approved' &&
    !user.isAdmin &&
    chosenGender !== undefined &&
    chosenGender !== user.gender;

  const update = useUpdateProfile({
    onSuccess: (answer) => {
      // Show what the server kept (trimmed, '@' added to Telegram), and count it as the new saved state.
      form.reset(answer.user ? formValues(answer.user) : form.getValues());
      // `user` is the one the save started from (the mutation keeps the options of the render that called it).
      const backToVerification =
        user.verificationStatus === 'approved' && answer.user?.verificationStatus === 'pending';
      toast({
        variant: 'success',
        title: t('profile.info.successTitle'),
        description: t(backToVerification ? 'profile.info.backToVerification' : 'profile.info.successDescription'),
      });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('profile.info.errorTitle'),
        description: serverMessageOr(error, t('common.genericError')),
      }),
  });

  const bioError = errorText(errors.bio?.message);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound className="size-5 text-primary" aria-hidden />
          {t('profile.info.title')}
        </CardTitle>
        <CardDescription>{t('profile.info.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid grid-cols-1 gap-4 sm:grid-cols-2"
          onSubmit={form.handleSubmit((fields) => update.mutate(fields))}
        >
          {profileFields('username', 'telegramUsername')}
          <Field id="profile-bio" label={t('profile.info.bio')} error={bioError} className="sm:col-span-2">
            <Textarea
              id="profile-bio"
              rows={4}
              placeholder={t('profile.info.bioPlaceholder')}
              {...controlAria('profile-bio', { error: bioError })}
              {...form.register('bio')}
            />
          </Field>
          {profileFields('age', 'gender', 'orientation', 'region', 'city')}
          {reverifies && (
            <p
              role="note"
              className="rounded-lg border border-orange-300 bg-orange-50 px-3 py-2 text-sm text-orange-900 sm:col-span-2 dark:border-orange-500/40 dark:bg-orange-500/15 dark:text-orange-100"
            >
              {t('profile.info.genderReverifies')}
            </p>
          )}
          <div className="flex items-end sm:col-span-2 sm:justify-end">
            <Button type="submit" disabled={update.isPending || !isDirty} className="w-full sm:w-auto">
              {update.isPending && <Spinner />}
              {t('profile.info.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
