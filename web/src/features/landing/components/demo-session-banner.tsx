import { Eraser, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The warning a visitor sees while an old demo session blocks signing in, with the way out. */
export function DemoSessionBanner({ busy, onCleanup }: { busy: boolean; onCleanup: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <div
        role="alert"
        className="flex flex-col gap-4 rounded-2xl border border-amber-300/40 bg-amber-400/15 p-4 text-amber-50 shadow-lg backdrop-blur sm:flex-row sm:items-center sm:p-5"
      >
        <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center sm:gap-4">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-amber-400/25 text-amber-200">
            <TriangleAlert className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 space-y-1">
            <p className="font-semibold text-white">{t('landing.demo.title')}</p>
            <p className="text-sm text-amber-50/85">{t('landing.demo.description')}</p>
          </div>
        </div>
        <Button
          onClick={onCleanup}
          disabled={busy}
          className="w-full bg-amber-300 text-amber-950 shadow-md hover:bg-amber-200 sm:w-auto"
        >
          {busy ? <Spinner /> : <Eraser aria-hidden />}
          {t('landing.demo.cleanup')}
        </Button>
      </div>
    </div>
  );
}
