/**
 * Where the server may send a device's pushes: only to the push services browsers subscribe with. A subscription's
 * endpoint is a URL the member sends; were any https URL taken, every like or comment would make the server open
 * connections wherever a member pointed it (its own loopback ports, the cloud's metadata address, the office LAN).
 */

/**
 * The push services of the browsers in use, by host: Google's FCM (Chrome, Edge on Android, Opera, Samsung), Mozilla's
 * autopush (Firefox), Apple's (Safari), Microsoft's WNS (Edge on Windows). `*.` admits any name under that domain.
 */
export const KNOWN_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** A member's devices that hear of their notifications at most; subscribing another replaces the oldest. */
export const DEVICES_PER_MEMBER = 10;

/** Longer than any push service's endpoint; a longer one is not a subscription. */
const ENDPOINT_MAX_LENGTH = 2048;

/** A host of the list as written: a name (`*.` for any name under it) or an IP address (IPv6 without brackets). */
const hostPattern = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^[0-9a-f:.]+$/;

/** Whether `host` may be on the list of push services (PUSH_SERVICE_HOSTS checks each entry with it). */
export const isPushServiceHostPattern = (host: string): boolean => hostPattern.test(host);

/**
 * The host of a push service's endpoint as the list names it: lower case, an IPv6 address without its brackets. The
 * URL parser has already turned the numeric tricks (`0x7f000001`, `2130706433`, `017700000001`) into `127.0.0.1`, so
 * they are compared as the address they are.
 */
const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

const matches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;

/**
 * Whether `endpoint` is a push service's: an https URL (as every push service is) whose host is on `hosts`. An IP
 * address is admitted only when the list names that very address (a local push service's stand-in, in tests).
 */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  if (endpoint.length > ENDPOINT_MAX_LENGTH || !URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = hostOf(url);
  return hosts.some((pattern) => matches(host, pattern.toLowerCase()));
}
