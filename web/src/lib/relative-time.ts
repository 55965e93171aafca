import { dateTimeFormat, relativeTimeFormat } from './intl';

const HOUR_MS = 3_600_000;

/**
 * How long ago `iso` was (docs/product.md#constants): under an hour `justNow` (the caller's translated text), under
 * 24 hours in hours, under 168 hours in days, otherwise the date — all in the UI language. Null for an unreadable date.
 */
export function relativeTime(iso: string, language: string, justNow: string, now = Date.now()): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const hours = Math.floor((now - date.getTime()) / HOUR_MS);
  if (hours < 1) return justNow;
  const format = relativeTimeFormat(language, { numeric: 'always' });
  if (hours < 24) return format.format(-hours, 'hour');
  if (hours < 168) return format.format(-Math.floor(hours / 24), 'day');
  return dateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}
