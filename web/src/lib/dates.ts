import { dateTimeFormat } from './intl';

const parse = (iso: string | null | undefined) => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "12 marzo 2027" in the UI language, or null when the server's date is missing or unreadable. */
export function formatLongDate(iso: string | null | undefined, language: string): string | null {
  const date = parse(iso);
  return date ? dateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(date) : null;
}

/** "12 mar 2027, 14:05" in the UI language, or null when the date is missing or unreadable. */
export function formatDateTime(iso: string | null | undefined, language: string): string | null {
  const date = parse(iso);
  return date ? dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : null;
}
