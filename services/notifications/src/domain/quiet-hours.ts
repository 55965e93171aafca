import type { QuietHours } from './preferences.js';

/** The time of day at `at` in `timeZone`, 'HH:MM' on a 24-hour clock. */
export function clockTimeIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .filter((part) => part.type === 'hour' || part.type === 'minute');
  return parts.map((part) => part.value).join(':');
}

/**
 * Whether `at` falls in the quiet hours: from `from` (included) until `to` (excluded) on the member's clock, across
 * midnight when `to` comes before `from` (22:00 to 07:00 is quiet at 23:30 and at 06:59, not at 07:00).
 */
export function isQuiet(quietHours: QuietHours | null, at: Date): boolean {
  if (!quietHours) return false;
  const { from, to } = quietHours;
  const now = clockTimeIn(quietHours.timeZone, at);
  // 'HH:MM' strings compare as the times they are.
  return from < to ? from <= now && now < to : now >= from || now < to;
}
