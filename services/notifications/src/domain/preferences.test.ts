import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_PREFERENCES,
  isQuiet,
  preferencesProblem,
  wantsEntry,
  wantsPush,
  type NotificationPreferences,
} from './index.js';

const withPush = (overrides: Partial<NotificationPreferences['push']>): NotificationPreferences => ({
  ...DEFAULT_PREFERENCES,
  push: { ...DEFAULT_PREFERENCES.push, ...overrides },
});

describe('what a member is told, by their preferences', () => {
  it('makes every entry and pushes nothing by default', () => {
    expect(wantsEntry(DEFAULT_PREFERENCES, 'post_liked')).toBe(true);
    expect(wantsEntry(DEFAULT_PREFERENCES, 'reports_filed')).toBe(true);
    expect(wantsPush(DEFAULT_PREFERENCES, 'message_received')).toBe(false);
  });

  it('switches each group of kinds, in the app and on the devices', () => {
    const preferences = withPush({ messages: true });
    expect(wantsPush(preferences, 'message_received')).toBe(true);
    expect(wantsPush(preferences, 'post_liked')).toBe(false);
    const noPosts = { ...preferences, inApp: { ...preferences.inApp, posts: false } };
    expect(wantsEntry(noPosts, 'post_commented')).toBe(false);
    expect(wantsEntry(noPosts, 'telegram_revealed')).toBe(false);
    expect(wantsEntry(noPosts, 'post_approved')).toBe(true);
  });

  it('pushes nothing of a group off in the app (a device shows an entry of the list)', () => {
    const preferences = withPush({ messages: true });
    expect(wantsPush({ ...preferences, inApp: { ...preferences.inApp, messages: false } }, 'message_received')).toBe(
      false,
    );
  });

  it('refuses quiet hours that are not times of day, in a time zone, of some length', () => {
    const quiet = (from: string, to: string, timeZone = 'Europe/Rome') =>
      preferencesProblem({ ...DEFAULT_PREFERENCES, quietHours: { from, to, timeZone } });
    expect(preferencesProblem(DEFAULT_PREFERENCES)).toBeNull();
    expect(quiet('22:00', '07:00')).toBeNull();
    expect(quiet('24:00', '07:00')).toBe('notifications.quietHoursTime');
    expect(quiet('7:00', '08:00')).toBe('notifications.quietHoursTime');
    expect(quiet('22:00', '07:60')).toBe('notifications.quietHoursTime');
    expect(quiet('22:00', '07:00', 'Europe/Atlantis')).toBe('notifications.quietHoursTimeZone');
    expect(quiet('22:00', '22:00')).toBe('notifications.quietHoursEmpty');
  });
});

describe('quiet hours', () => {
  const rome = (from: string, to: string) => ({ from, to, timeZone: 'Europe/Rome' });

  it('hold within a window of the day, on the member clock', () => {
    // 13:30 in Rome (UTC+1 in January).
    const at = new Date('2026-01-15T12:30:00Z');
    expect(isQuiet(rome('13:00', '14:00'), at)).toBe(true);
    expect(isQuiet(rome('13:31', '14:00'), at)).toBe(false);
    expect(isQuiet(rome('12:00', '13:30'), at)).toBe(false);
    expect(isQuiet({ from: '13:00', to: '14:00', timeZone: 'UTC' }, at)).toBe(false);
    expect(isQuiet(null, at)).toBe(false);
  });

  it('cross midnight when they end before they start', () => {
    const night = rome('22:00', '07:00');
    expect(isQuiet(night, new Date('2026-01-15T22:30:00Z'))).toBe(true); // 23:30
    expect(isQuiet(night, new Date('2026-01-15T05:59:00Z'))).toBe(true); // 06:59
    expect(isQuiet(night, new Date('2026-01-15T06:00:00Z'))).toBe(false); // 07:00
    expect(isQuiet(night, new Date('2026-01-15T20:59:00Z'))).toBe(false); // 21:59
    expect(isQuiet(night, new Date('2026-01-15T21:00:00Z'))).toBe(true); // 22:00
  });

  it('follow the time zone through summer time', () => {
    // 06:30 in Rome in July (UTC+2): still night.
    expect(isQuiet(rome('22:00', '07:00'), new Date('2026-07-15T04:30:00Z'))).toBe(true);
    expect(isQuiet(rome('22:00', '07:00'), new Date('2026-07-15T05:30:00Z'))).toBe(false);
  });
});
