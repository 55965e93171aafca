import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { useExportMyData } from '../api/export-my-data';

/** 'Your data': a zip of everything the platform holds about the member (README, "Your data"). */
export function MyDataCard() {
  const { t } = useTranslation();
  const download = useExportMyData({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: serverMessageOr(error, t('profile.data.error')),
      }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.data.title')}</CardTitle>
        <CardDescription>{t('profile.data.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? <Spinner /> : <Download className="size-4" aria-hidden />}
          {download.isPending ? t('profile.data.preparing') : t('profile.data.download')}
        </Button>
      </CardContent>
    </Card>
  );
}
