import { dateTimeFormat } from '@/lib/intl';

/** The console writes its dates in the it-IT format, whatever the UI language (docs/product.md#the-admin-console). */
const ADMIN_LOCALE = 'it-IT';

/** "23/11/2026, 08:34", or an empty text when the server's date is missing or unreadable. */
export function formatAdminDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : dateTimeFormat(ADMIN_LOCALE, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }).format(date);
}

/** "23/11/2026" (it-IT). */
export function formatAdminDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : dateTimeFormat(ADMIN_LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}
