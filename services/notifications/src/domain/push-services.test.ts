import { describe, expect, it } from '@jest/globals';
import { isPushServiceEndpoint, isPushServiceHostPattern, KNOWN_PUSH_SERVICE_HOSTS } from './push-services.js';

const known = (endpoint: string) => isPushServiceEndpoint(endpoint, KNOWN_PUSH_SERVICE_HOSTS);

describe('isPushServiceEndpoint', () => {
  it('admits the endpoints the browsers’ push services give', () => {
    expect(known('https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b')).toBe(true);
    expect(known('https://android.googleapis.com/gcm/send/abc')).toBe(true);
    expect(known('https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk')).toBe(true);
    expect(known('https://push.services.mozilla.com.x.push.services.mozilla.com/wpush/v1/a')).toBe(true);
    expect(known('https://web.push.apple.com/QGx0ZXN0')).toBe(true);
    expect(known('https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD')).toBe(true);
    expect(known('https://FCM.googleapis.com/fcm/send/upper')).toBe(true);
  });

  it('refuses loopback, private, link-local and numeric forms of an address', () => {
    for (const endpoint of [
      'https://127.0.0.1:4899/x',
      'https://[::1]:4899/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://0x7f000001/x',
      'https://2130706433/x',
      'https://017700000001/x',
      'https://10.0.0.1/x',
      'https://localhost/x',
    ])
      expect([endpoint, known(endpoint)]).toEqual([endpoint, false]);
  });

  it('refuses hosts off the list, look-alikes and what is not an https URL', () => {
    for (const endpoint of [
      'https://push.example.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilpush.apple.com/x',
      'https://push.apple.com/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/a',
      'http://fcm.googleapis.com/fcm/send/a',
      'wss://fcm.googleapis.com/fcm/send/a',
      'fcm.googleapis.com/fcm/send/a',
      `https://fcm.googleapis.com/${'a'.repeat(2048)}`,
    ])
      expect([endpoint, known(endpoint)]).toEqual([endpoint, false]);
  });

  it('admits an address only where the list names that very address', () => {
    const standIn = ['127.0.0.1'];
    expect(isPushServiceEndpoint('https://127.0.0.1:4899/push/1', standIn)).toBe(true);
    expect(isPushServiceEndpoint('https://127.0.0.2:4899/push/1', standIn)).toBe(false);
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/a', standIn)).toBe(false);
  });
});

describe('isPushServiceHostPattern', () => {
  it('takes names, wildcards over a domain and addresses, nothing else', () => {
    for (const host of [...KNOWN_PUSH_SERVICE_HOSTS, '127.0.0.1', '::1', 'push.example.test'])
      expect([host, isPushServiceHostPattern(host)]).toEqual([host, true]);
    for (const host of ['', '*', '*.com.', 'https://fcm.googleapis.com', 'a b', 'fcm.googleapis.com/x', '*.*.com'])
      expect([host, isPushServiceHostPattern(host)]).toEqual([host, false]);
  });
});
