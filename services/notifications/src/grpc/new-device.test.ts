import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NewDeviceSignedIn } from '@tip/identity/contract';
import { DEFAULT_PREFERENCES } from '../domain/index.js';
import { startPushServiceStandIn, type PushServiceStandIn } from '../testing/push-service.js';
import { startNotificationsHarness, type NotificationsHarness } from '../testing/harness.js';

let pushService: PushServiceStandIn;
let harness: NotificationsHarness;
beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  harness = await startNotificationsHarness(pushService.pushOptions);
});
afterAll(async () => {
  await harness.stop();
  await pushService.close();
});

const everyGroup = { messages: true, posts: true, decisions: true, credits: true, queues: true };

async function signedInFromNewDevice(userId: string) {
  await harness.publish(NewDeviceSignedIn, userId, { userId, sessionId: 'a-session' });
  await harness.settled();
  await harness.service.pushesSent();
}

describe('a sign-in from a new device', () => {
  it('is told in the app and to the devices the member allowed, in their language, leading to the profile', async () => {
    const userId = await harness.member();
    const device = pushService.device();
    await harness.client.Subscribe({ userId, ...device, language: 'fr' });
    await harness.client.SetPreferences({ userId, preferences: { ...DEFAULT_PREFERENCES, push: everyGroup } });
    await signedInFromNewDevice(userId);
    const { notifications } = await harness.client.List({ userId, cursor: '', limit: 10 });
    expect(notifications.map((entry) => entry.kind)).toEqual(['new_device_signed_in']);
    expect(device.received.map((push) => push.payload)).toEqual([
      expect.objectContaining({
        kind: 'new_device_signed_in',
        title: 'Nouvelle connexion à votre compte depuis un appareil jamais utilisé',
        url: '/profile',
      }),
    ]);
  });

  it('reaches no device where the member switched pushes about their account off', async () => {
    const userId = await harness.member();
    const device = pushService.device();
    await harness.client.Subscribe({ userId, ...device, language: 'it' });
    await harness.client.SetPreferences({
      userId,
      preferences: { ...DEFAULT_PREFERENCES, push: { ...everyGroup, decisions: false } },
    });
    await signedInFromNewDevice(userId);
    expect((await harness.client.List({ userId, cursor: '', limit: 10 })).notifications).toHaveLength(1);
    expect(device.received).toEqual([]);
  });
});
