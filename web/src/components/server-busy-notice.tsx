import { useTranslation } from 'react-i18next';
import { useServerBusy } from '@/api/server-busy';

/**
 * Says that the server refused a request for its load and that the app sends it again in N seconds. The live region
 * is always there, so that a screen reader announces the text when it appears.
 */
export function ServerBusyNotice() {
  const { t } = useTranslation();
  const seconds = useServerBusy();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 z-[70] flex justify-center px-4"
    >
      {seconds !== null && (
        <p className="rounded-lg bg-foreground px-4 py-2 text-sm text-background shadow-lg">
          {t('common.serverBusy', { seconds })}
        </p>
      )}
    </div>
  );
}
