import { CircleAlert, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PhotoPicker } from '@/components/forms/photo-picker';
import { usePhotoField } from '@/components/forms/use-photo-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { UPLOAD_RULES } from '@/lib/rules';
import { useResubmitVerification } from '../api/resubmit-verification';

export function PendingApprovalCard() {
  const { t } = useTranslation();
  return (
    <Card className="border-warning/40 bg-warning/10">
      <CardHeader className="flex-row items-start gap-3">
        <Clock className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
        <div className="space-y-1">
          <CardTitle className="text-base">{t('profile.pending.title')}</CardTitle>
          <CardDescription className="text-foreground/80">{t('profile.pending.description')}</CardDescription>
        </div>
      </CardHeader>
    </Card>
  );
}

/** A rejected member reads why and sends a new photo, which puts the account back in the queue. */
export function VerificationRejectedCard({ notes }: { notes: string | null }) {
  const { t } = useTranslation();
  const photo = usePhotoField(UPLOAD_RULES.resubmission);
  const resubmit = useResubmitVerification({
    onSuccess: () => {
      photo.reset();
      toast({
        variant: 'success',
        title: t('profile.rejected.successTitle'),
        description: t('profile.rejected.successDescription'),
      });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: serverMessageOr(error, t('profile.rejected.genericError')),
      }),
  });

  const submit = () => {
    if (photo.validate() && photo.file) resubmit.mutate(photo.file);
  };

  return (
    <Card className="border-destructive/30">
      <CardHeader className="flex-row items-start gap-3">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        <div className="space-y-1">
          <CardTitle className="text-base">{t('profile.rejected.title')}</CardTitle>
          <CardDescription>{t('profile.rejected.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {notes && (
          <div className="rounded-xl bg-destructive/8 px-4 py-3 text-sm">
            <p className="font-semibold text-destructive">{t('profile.rejected.notes')}</p>
            <p className="mt-1 whitespace-pre-line">{notes}</p>
          </div>
        )}
        <PhotoPicker
          id="verification-photo"
          label={t('profile.rejected.photo')}
          hint={t('profile.rejected.photoHint')}
          file={photo.file}
          error={photo.error}
          onChange={photo.choose}
        />
        <Button onClick={submit} disabled={resubmit.isPending} className="w-full sm:w-auto">
          {resubmit.isPending && <Spinner />}
          {t('profile.rejected.submit')}
        </Button>
      </CardContent>
    </Card>
  );
}
