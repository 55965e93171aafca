import { describe, expect, it } from '@jest/globals';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2027-03-12T12:00:00Z');
const ago = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

describe('relativeTime', () => {
  it("says 'just now' under an hour (and for a clock a little ahead)", () => {
    expect(relativeTime(ago(0), 'it', 'adesso', NOW)).toBe('adesso');
    expect(relativeTime(ago(0.99), 'it', 'adesso', NOW)).toBe('adesso');
    expect(relativeTime(ago(-0.1), 'it', 'adesso', NOW)).toBe('adesso');
  });

  it('counts hours under a day and days under a week, in the given language', () => {
    expect(relativeTime(ago(1), 'it', 'adesso', NOW)).toBe('1 ora fa');
    expect(relativeTime(ago(23.5), 'en', 'just now', NOW)).toBe('23 hours ago');
    expect(relativeTime(ago(24), 'it', 'adesso', NOW)).toBe('1 giorno fa');
    expect(relativeTime(ago(167), 'de', 'gerade eben', NOW)).toBe('vor 6 Tagen');
  });

  it('gives the date from a week on, and null for an unreadable one', () => {
    expect(relativeTime(ago(168), 'it', 'adesso', NOW)).toBe('5 mar 2027');
    expect(relativeTime('not a date', 'it', 'adesso', NOW)).toBeNull();
  });
});
