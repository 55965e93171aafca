import Bowser from 'bowser';

/** What a session's User-Agent says of where it runs: nothing finer (no version, no model, no address). */
export interface SessionDevice {
  /** desktop, mobile, tablet, tv or other (a bot, a script, no User-Agent). */
  device: 'desktop' | 'mobile' | 'tablet' | 'tv' | 'other';
  /** The browser's name ('Chrome', 'Safari'...), '' when unknown. */
  browser: string;
  /** The operating system's name ('iOS', 'Windows'...), '' when unknown. */
  os: string;
}

const DEVICES = new Set<SessionDevice['device']>(['desktop', 'mobile', 'tablet', 'tv']);
/** A User-Agent longer than this is cut before parsing: it is the client's text and costs regex time. */
const MAX_USER_AGENT = 512;

/** Device, browser and OS from a User-Agent header, by bowser; an absent or odd one gives 'other' and ''. */
export function describeUserAgent(userAgent: string): SessionDevice {
  const text = userAgent.slice(0, MAX_USER_AGENT).trim();
  if (!text) return { device: 'other', browser: '', os: '' };
  const parsed = Bowser.parse(text);
  const type = parsed.platform.type as SessionDevice['device'] | undefined;
  return {
    device: type && DEVICES.has(type) ? type : 'other',
    browser: parsed.browser.name ?? '',
    os: parsed.os.name ?? '',
  };
}

/**
 * What makes a device 'the same' for the new-device notice: the kind of device, its OS and its browser, without
 * versions (a browser's update is not a new device). Two phones of one model with one browser count as one.
 */
export function deviceKey(device: SessionDevice): string {
  return [device.device, device.os, device.browser].join('|');
}

/** A session's last-seen time is written at most this often (a request does not cost a write). */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

/** Whether a session last seen at `lastSeenAt` should be marked seen again at `now`. */
export function lastSeenIsStale(lastSeenAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(lastSeenAt) >= LAST_SEEN_RESOLUTION_MS;
}
