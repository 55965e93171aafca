import Bowser from 'bowser';
import type { SessionDevice } from '../domain/session-device.js';

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
