/**
 * Where pushes may go, with the production list of push services (no stand-in admitted): a member's subscription
 * cannot point the server at its own ports, the cloud's metadata service or the LAN, by address or by name.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { PostEngagementChanged } from '@tip/content/contract';
import { failureOf } from '@tip/platform/testing';
import { DEFAULT_PREFERENCES } from '../domain/index.js';
import { startNotificationsHarness, type NotificationsHarness } from '../testing/harness.js';
import { startPushServiceStandIn, type PushServiceStandIn } from '../testing/push-service.js';

let pushService: PushServiceStandIn;
let harness: NotificationsHarness;
/** The names notifications looked up: its DNS here is the test's, answering loopback for every name. */
const lookedUp: string[] = [];
const toLoopback: LookupFunction = (hostname, options, callback) => {
  lookedUp.push(hostname);
  const found: LookupAddress[] = [{ address: '127.0.0.1', family: 4 }];
  if (options.all) callback(null, found);
  else callback(null, '127.0.0.1', 4);
};

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  // The stand-in's certificate is trusted, but neither its host nor its address is admitted, as in production.
  harness = await startNotificationsHarness({
    pushServiceCa: pushService.pushOptions.pushServiceCa,
    pushLookup: toLoopback,
  });
});
afterAll(async () => {
  await harness.stop();
  await pushService.close();
});

const pushOn = { messages: true, posts: true, decisions: true, credits: true, queues: true };

describe('a device’s endpoint', () => {
  it('is refused unless it is a known push service’s: no address, however written, and no other host', async () => {
    const userId = await harness.member();
    const { keys, endpoint } = pushService.device();
    const port = new URL(endpoint).port;
    for (const refused of [
      'https://127.0.0.1:4899/x',
      endpoint,
      `https://[::1]:${port}/x`,
      'https://169.254.169.254/latest/meta-data/',
      'https://0x7f000001/x',
      'https://2130706433/x',
      'https://017700000001/x',
      'https://push.example.com/x',
      'https://fcm.googleapis.com.attacker.example/x',
    ]) {
      const failure = await failureOf(harness.client.Subscribe({ userId, endpoint: refused, keys, language: 'it' }));
      expect([refused, failure.code, failure.messageKey]).toEqual([
        refused,
        'INVALID_ARGUMENT',
        'notifications.pushEndpoint',
      ]);
    }
    const exported = JSON.parse((await harness.client.ExportMember({ userId })).json);
    expect(exported.pushSubscriptions).toEqual([]);
  });

  it('on the list but resolving to loopback is subscribed, and never connected to', async () => {
    const author = await harness.member();
    const device = pushService.device();
    // The stand-in's path and port under a push service's name: DNS (the test's) sends the name to the stand-in.
    const { port, pathname } = new URL(device.endpoint);
    const endpoint = `https://updates.push.services.mozilla.com:${port}${pathname}`;
    await harness.client.Subscribe({ userId: author, endpoint, keys: device.keys, language: 'it' });
    await harness.client.SetPreferences({ userId: author, preferences: { ...DEFAULT_PREFERENCES, push: pushOn } });
    const postId = await harness.post(author);
    await harness.publish(PostEngagementChanged, postId, {
      postId,
      what: 'likes',
      userId: await harness.member(),
      liked: true,
    });
    await harness.settled();
    await harness.service.pushesSent();
    expect(lookedUp).toContain('updates.push.services.mozilla.com');
    expect(pushService.connections()).toBe(0);
  });
});
