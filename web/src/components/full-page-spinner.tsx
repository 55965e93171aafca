import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand';
import { Spinner } from '@/components/ui/spinner';

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid min-h-dvh place-items-center bg-background">
      <div className="flex flex-col items-center gap-4">
        <BrandMark className="size-12 animate-pulse text-2xl" />
        <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Spinner />
          {t('common.loading')}
        </p>
      </div>
    </div>
  );
}
