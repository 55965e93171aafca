import { describe, expect, it } from '@jest/globals';
import { timeAgo } from './time-ago';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeAgo', () => {
  it('says nothing under a minute, or for a date it cannot read', () => {
    expect(timeAgo(ago(59_000), 'it', now)).toBeNull();
    expect(timeAgo(ago(-5 * MINUTE), 'it', now)).toBeNull();
    expect(timeAgo('not a date', 'it', now)).toBeNull();
  });

  it('counts in the largest whole unit, in Italian', () => {
    expect(timeAgo(ago(MINUTE), 'it', now)).toBe('1 minuto fa');
    expect(timeAgo(ago(59 * MINUTE), 'it', now)).toBe('59 minuti fa');
    expect(timeAgo(ago(3 * HOUR + 20 * MINUTE), 'it', now)).toBe('3 ore fa');
    expect(timeAgo(ago(DAY), 'it', now)).toBe('1 giorno fa');
    expect(timeAgo(ago(6 * DAY), 'it', now)).toBe('6 giorni fa');
    expect(timeAgo(ago(15 * DAY), 'it', now)).toBe('2 settimane fa');
    expect(timeAgo(ago(65 * DAY), 'it', now)).toBe('2 mesi fa');
    expect(timeAgo(ago(800 * DAY), 'it', now)).toBe('2 anni fa');
  });

  it('speaks the UI language', () => {
    expect(timeAgo(ago(3 * DAY), 'en', now)).toBe('3 days ago');
    expect(timeAgo(ago(3 * DAY), 'es', now)).toBe('hace 3 días');
    expect(timeAgo(ago(3 * DAY), 'fr', now)).toBe('il y a 3 jours');
    expect(timeAgo(ago(3 * DAY), 'de', now)).toBe('vor 3 Tagen');
  });
});
