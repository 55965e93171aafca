/**
 * What a session's User-Agent says of where it runs (infra/user-agent.ts reads it): nothing finer (no version, no
 * model, no address).
 */
export interface SessionDevice {
  /** desktop, mobile, tablet, tv or other (a bot, a script, no User-Agent). */
  device: 'desktop' | 'mobile' | 'tablet' | 'tv' | 'other';
  /** The browser's name ('Chrome', 'Safari'...), '' when unknown. */
  browser: string;
  /** The operating system's name ('iOS', 'Windows'...), '' when unknown. */
  os: string;
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
