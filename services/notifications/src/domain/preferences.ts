import { NOTIFICATION_KINDS, type NotificationGroup, type NotificationKind } from './kinds.js';

/** On or off for each group of kinds. */
export type GroupSwitches = Record<NotificationGroup, boolean>;

/** When no device is told anything: from `from` until `to` ('HH:MM', the window may cross midnight) in `timeZone`. */
export interface QuietHours {
  from: string;
  to: string;
  timeZone: string;
}

/**
 * What a member wants to be told, and where: an entry in the app (`inApp`) and on their devices (`push`) per group,
 * whether a device may show a message's text (`previews`), and their quiet hours.
 */
export interface NotificationPreferences {
  inApp: GroupSwitches;
  push: GroupSwitches;
  previews: boolean;
  quietHours: QuietHours | null;
}

const every = (on: boolean): GroupSwitches => ({
  messages: on,
  posts: on,
  decisions: on,
  credits: on,
  queues: on,
});

/** A member who chose nothing is told everything in the app and nothing on their devices (push is opt-in). */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  inApp: every(true),
  push: every(false),
  previews: false,
  quietHours: null,
};

/** Whether an event of `kind` makes an entry in the member's list (and rings their bell). */
export const wantsEntry = (preferences: NotificationPreferences, kind: NotificationKind): boolean =>
  preferences.inApp[NOTIFICATION_KINDS[kind].group];

/**
 * Whether the member's devices are told of an entry of `kind`. A device notification shows an entry of the list (its
 * tag is the entry's id, so a gathered entry replaces what the device showed, and tapping it reads the entry): a
 * group off in the app is off on the devices too.
 */
export const wantsPush = (preferences: NotificationPreferences, kind: NotificationKind): boolean =>
  wantsEntry(preferences, kind) && preferences.push[NOTIFICATION_KINDS[kind].group];

/** 'HH:MM', 00:00 to 23:59. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `timeZone` is an IANA time zone this runtime knows ('Europe/Rome', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with the preferences, as a message key of the service's catalogue; null when they are right. */
export function preferencesProblem(preferences: NotificationPreferences): string | null {
  const quiet = preferences.quietHours;
  if (!quiet) return null;
  if (!CLOCK_TIME.test(quiet.from) || !CLOCK_TIME.test(quiet.to)) return 'notifications.quietHoursTime';
  if (!isTimeZone(quiet.timeZone)) return 'notifications.quietHoursTimeZone';
  if (quiet.from === quiet.to) return 'notifications.quietHoursEmpty';
  return null;
}
