import { relativeTimeFormat } from './intl';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago `iso` was, always relative ("3 giorni fa", "vor 2 Monaten"), in the largest whole unit, in the UI
 * language; null under a minute (the caller says "just now" its own way) and for an unreadable date.
 */
export function timeAgo(iso: string, language: string, now = Date.now()): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const elapsed = Math.max(0, now - time);
  const unit = UNITS.find(([, size]) => elapsed >= size);
  if (!unit) return null;
  const [name, size] = unit;
  return relativeTimeFormat(language, { numeric: 'always' }).format(-Math.floor(elapsed / size), name);
}
