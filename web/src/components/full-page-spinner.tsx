import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand';
import { Spinner } from '@/components/ui/spinner';

/** The page while something it needs loads: the brand's mark and 'Caricamento...' in the member's language. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return <PageSpinner text={t('common.loading')} />;
}

/** The same before the language's texts have arrived (the app's first moments): the mark alone. */
export function PageSpinner({ text }: { text?: string }) {
  return (
    <div
      role="status"
      aria-busy={text === undefined || undefined}
      className="grid min-h-dvh place-items-center bg-background"
    >
      <div className="flex flex-col items-center gap-4">
        <BrandMark className="size-12 animate-pulse text-2xl" />
        {text !== undefined && (
          <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Spinner />
            {text}
          </p>
        )}
      </div>
    </div>
  );
}
