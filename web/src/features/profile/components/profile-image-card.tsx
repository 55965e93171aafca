import { Camera } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PhotoPicker } from '@/components/forms/photo-picker';
import { usePhotoField } from '@/components/forms/use-photo-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { UPLOAD_RULES } from '@/lib/rules';
import { useUploadProfileImage } from '../api/upload-profile-image';

export function ProfileImageCard({ currentUrl }: { currentUrl: string | null }) {
  const { t } = useTranslation();
  const image = usePhotoField(UPLOAD_RULES.profileImage);
  const upload = useUploadProfileImage({
    onSuccess: () => {
      image.reset();
      toast({ variant: 'success', title: t('profile.image.successTitle') });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: serverMessageOr(error, t('common.genericError')),
      }),
  });

  const submit = () => {
    if (image.validate() && image.file) upload.mutate(image.file);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Camera className="size-5 text-primary" aria-hidden />
          {t('profile.image.title')}
        </CardTitle>
        <CardDescription>{t('profile.image.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <PhotoPicker
          id="profile-image"
          label={t('profile.image.label')}
          shape="round"
          currentUrl={currentUrl}
          file={image.file}
          error={image.error}
          onChange={image.choose}
        />
        <Button onClick={submit} disabled={upload.isPending} className="w-full sm:w-auto">
          {upload.isPending && <Spinner />}
          {t('profile.image.upload')}
        </Button>
      </CardContent>
    </Card>
  );
}
