import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type DeliveredEvent } from '@tip/platform';
import { blockKey, type IdentityUserOutput } from '../contract/index.js';
import { failureOf, sleep, waitFor } from '@tip/platform/testing';
import { BLOCKS_COLLECTION, pairId, type BlockDocument } from '../infra/block-repository.js';
import { registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';
import { pngPhoto } from '../testing/images.js';

let harness: IdentityHarness;
const ADMIN = { email: 'root@tip.local', password: 'root-password' };

beforeAll(async () => {
  harness = await startIdentityHarness({ admin: ADMIN });
});
afterAll(() => harness.stop());

const storedBlock = async (blockerId: string, blockedId: string) =>
  (await harness.documents.collection<BlockDocument>(BLOCKS_COLLECTION)).findOne({ _id: pairId(blockerId, blockedId) });

/** The block events about one pair, in the order published. */
const blockEvents = (blockerId: string, blockedId: string) =>
  harness.published.filter(
    (event: DeliveredEvent) =>
      (event.type === 'UserBlocked' || event.type === 'UserUnblocked') &&
      (event.payload as { blockerId: string }).blockerId === blockerId &&
      (event.payload as { blockedId: string }).blockedId === blockedId,
  );

async function pair(): Promise<[IdentityUserOutput, IdentityUserOutput]> {
  return [await registerMember(harness), await registerMember(harness)];
}

describe('BlockUser', () => {
  it('blocks with a reason, lists the record and publishes UserBlocked keyed by the pair', async () => {
    const [anna, bruno] = await pair();
    const withImage = await harness.client.SetProfileImage({
      userId: bruno.id,
      image: { content: await pngPhoto(), fileName: 'b.png' },
    });

    const record = await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'harassment' });

    expect(record).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      blockedUserId: bruno.id,
      reason: 'harassment',
      createdAt: expect.any(String),
      blockedUser: { username: bruno.username, profileImageUrl: withImage.profileImageUrl },
    });
    expect(withImage.profileImageUrl).toMatch(/^\/api\/users\/.+\/photos\/profile\?v=/);
    expect(Date.now() - Date.parse(record.createdAt)).toBeLessThan(60_000);
    expect(await harness.client.ListBlocked({ userId: anna.id })).toEqual({ blocked: [record] });
    await waitFor(() => blockEvents(anna.id, bruno.id).length === 1, 5000, 'UserBlocked');
    const [event] = blockEvents(anna.id, bruno.id);
    expect(event).toMatchObject({
      type: 'UserBlocked',
      version: 1,
      key: blockKey(anna.id, bruno.id),
      topic: 'identity.users',
      payload: { blockerId: anna.id, blockedId: bruno.id, reason: 'harassment', blockedAt: record.createdAt },
    });
  });

  it('keeps the first block when blocking again, and publishes nothing more', async () => {
    const [anna, bruno] = await pair();
    const first = await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'spam' });
    const again = await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'fake' });
    expect(again).toEqual(first);
    expect((await harness.client.ListBlocked({ userId: anna.id })).blocked).toEqual([first]);
    await waitFor(() => blockEvents(anna.id, bruno.id).length === 1, 5000, 'UserBlocked');
    await sleep(100);
    expect(blockEvents(anna.id, bruno.id)).toHaveLength(1);
  });

  it('stores one block when the same block arrives many times at once', async () => {
    const [anna, bruno] = await pair();
    const records = await Promise.all(
      ['spam', 'fake', 'other', 'spam', 'harassment', 'inappropriate'].map((reason) =>
        harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason }),
      ),
    );
    expect(new Set(records.map((record) => record.id)).size).toBe(1);
    expect((await harness.client.ListBlocked({ userId: anna.id })).blocked).toHaveLength(1);
    await waitFor(() => blockEvents(anna.id, bruno.id).length === 1, 5000, 'UserBlocked');
    await sleep(100);
    expect(blockEvents(anna.id, bruno.id)).toHaveLength(1);
  });

  it.each(['', 'Spam', 'copyright', '{"$gt":""}'])('requires one of the five reasons: %j', async (reason) => {
    const [anna, bruno] = await pair();
    expect(
      await failureOf(harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason })),
    ).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'validation.blockReasonRequired',
    });
    expect(await storedBlock(anna.id, bruno.id)).toBeNull();
  });

  it('refuses to block oneself', async () => {
    const anna = await registerMember(harness);
    expect(
      await failureOf(harness.client.BlockUser({ blockerId: anna.id, blockedId: anna.id, reason: 'spam' })),
    ).toMatchObject({ code: 'INVALID_ARGUMENT', messageKey: 'identity.cannotBlockSelf' });
  });

  it('refuses to block someone who does not exist, or no longer does', async () => {
    const [anna, gone] = await pair();
    await harness.client.DeleteAccount({ userId: gone.id });
    for (const blockedId of ['nobody', gone.id, '']) {
      expect(
        await failureOf(harness.client.BlockUser({ blockerId: anna.id, blockedId, reason: 'spam' })),
      ).toMatchObject({ code: 'NOT_FOUND', messageKey: 'identity.userNotFound' });
    }
    expect(
      await failureOf(harness.client.BlockUser({ blockerId: gone.id, blockedId: anna.id, reason: 'spam' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect((await harness.client.ListBlocked({ userId: anna.id })).blocked).toEqual([]);
  });
});

describe('UnblockUser and ListBlocked', () => {
  it('lists the blocked members newest first, and only the blocker’s', async () => {
    const [anna, bruno] = await pair();
    const carla = await registerMember(harness);
    await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'spam' });
    await sleep(5);
    await harness.client.BlockUser({ blockerId: anna.id, blockedId: carla.id, reason: 'other' });
    await harness.client.BlockUser({ blockerId: carla.id, blockedId: bruno.id, reason: 'fake' });
    const { blocked } = await harness.client.ListBlocked({ userId: anna.id });
    expect(blocked.map((record) => [record.blockedUser?.username, record.reason])).toEqual([
      [carla.username, 'other'],
      [bruno.username, 'spam'],
    ]);
    expect((await harness.client.ListBlocked({ userId: bruno.id })).blocked).toEqual([]);
    expect((await harness.client.ListBlocked({ userId: '' })).blocked).toEqual([]);
  });

  it('unblocks with UserUnblocked, leaves a tombstone without the reason, and blocks anew with a new record', async () => {
    const [anna, bruno] = await pair();
    const first = await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'spam' });

    await harness.client.UnblockUser({ blockerId: anna.id, blockedId: bruno.id });

    expect((await harness.client.ListBlocked({ userId: anna.id })).blocked).toEqual([]);
    const tombstone = await storedBlock(anna.id, bruno.id);
    expect(tombstone).toMatchObject({ blockerId: anna.id, blockedId: bruno.id, active: false });
    for (const field of ['reason', 'blockedAt', 'recordId']) expect(tombstone).not.toHaveProperty(field);

    // Again: nothing to lift, nothing published.
    await harness.client.UnblockUser({ blockerId: anna.id, blockedId: bruno.id });
    const second = await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'fake' });
    expect(second.id).not.toBe(first.id);
    expect(second.reason).toBe('fake');
    await waitFor(() => blockEvents(anna.id, bruno.id).length === 3, 5000, 'three block events');
    await sleep(100);
    expect(blockEvents(anna.id, bruno.id).map((event) => [event.type, event.key])).toEqual([
      ['UserBlocked', blockKey(anna.id, bruno.id)],
      ['UserUnblocked', blockKey(anna.id, bruno.id)],
      ['UserBlocked', blockKey(anna.id, bruno.id)],
    ]);
    expect(blockEvents(anna.id, bruno.id)[1]?.payload).toEqual({ blockerId: anna.id, blockedId: bruno.id });
  });

  it('unblocking someone never blocked changes nothing; someone who never existed is not found', async () => {
    const [anna, bruno] = await pair();
    await harness.client.UnblockUser({ blockerId: anna.id, blockedId: bruno.id });
    expect(await storedBlock(anna.id, bruno.id)).toBeNull();
    expect(await failureOf(harness.client.UnblockUser({ blockerId: anna.id, blockedId: 'nobody' }))).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'identity.userNotFound',
    });
  });

  it('lets only the blocker lift a block', async () => {
    const [anna, bruno] = await pair();
    await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'harassment' });
    await harness.client.UnblockUser({ blockerId: bruno.id, blockedId: anna.id });
    expect((await harness.client.ListBlocked({ userId: anna.id })).blocked).toHaveLength(1);
    expect((await harness.client.BlockedBetween({ userId: bruno.id })).userIds).toEqual([anna.id]);
  });

  it('keeps blocks across a restart', async () => {
    const [anna, bruno] = await pair();
    const record = await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'inappropriate' });
    await harness.restart();
    expect((await harness.client.ListBlocked({ userId: anna.id })).blocked).toEqual([record]);
  });
});

describe('BlockedBetween', () => {
  it('answers both ways: whom the member blocked and who blocked the member', async () => {
    const [anna, bruno] = await pair();
    const [carla, dario] = await pair();
    await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'spam' });
    await harness.client.BlockUser({ blockerId: carla.id, blockedId: anna.id, reason: 'fake' });
    await harness.client.BlockUser({ blockerId: anna.id, blockedId: dario.id, reason: 'other' });
    await harness.client.BlockUser({ blockerId: dario.id, blockedId: anna.id, reason: 'other' });

    const between = await harness.client.BlockedBetween({ userId: anna.id });
    expect(between.blockedIds.sort()).toEqual([bruno.id, dario.id].sort());
    expect(between.blockedByIds.sort()).toEqual([carla.id, dario.id].sort());
    expect(between.userIds.sort()).toEqual([bruno.id, carla.id, dario.id].sort());
    expect(await harness.client.BlockedBetween({ userId: bruno.id })).toEqual({
      userIds: [anna.id],
      blockedIds: [],
      blockedByIds: [anna.id],
    });

    await harness.client.UnblockUser({ blockerId: carla.id, blockedId: anna.id });
    expect((await harness.client.BlockedBetween({ userId: anna.id })).userIds.sort()).toEqual(
      [bruno.id, dario.id].sort(),
    );
    expect(await harness.client.BlockedBetween({ userId: '' })).toEqual({
      userIds: [],
      blockedIds: [],
      blockedByIds: [],
    });
  });
});

describe('account deletion', () => {
  it('lifts the deleted member’s blocks both ways, each with UserUnblocked after the UserDeleted', async () => {
    const [anna, bruno] = await pair();
    const carla = await registerMember(harness);
    await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'spam' });
    await harness.client.BlockUser({ blockerId: bruno.id, blockedId: carla.id, reason: 'fake' });
    await harness.client.BlockUser({ blockerId: anna.id, blockedId: carla.id, reason: 'other' });

    await harness.client.DeleteAccount({ userId: bruno.id });

    // The blocker's list leaves the deleted member out at once.
    expect((await harness.client.ListBlocked({ userId: anna.id })).blocked.map((r) => r.blockedUserId)).toEqual([
      carla.id,
    ]);
    await waitFor(
      async () => (await harness.client.BlockedBetween({ userId: carla.id })).userIds.length === 1,
      5000,
      'the deleted member’s blocks lifted',
    );
    expect(await harness.client.BlockedBetween({ userId: carla.id })).toEqual({
      userIds: [anna.id],
      blockedIds: [],
      blockedByIds: [anna.id],
    });
    expect((await harness.client.BlockedBetween({ userId: anna.id })).blockedIds).toEqual([carla.id]);
    for (const [blockerId, blockedId] of [
      [anna.id, bruno.id],
      [bruno.id, carla.id],
    ] as const) {
      expect(await storedBlock(blockerId, blockedId)).toMatchObject({ active: false });
      await waitFor(() => blockEvents(blockerId, blockedId).length === 2, 5000, 'UserUnblocked');
      expect(blockEvents(blockerId, blockedId).map((event) => event.type)).toEqual(['UserBlocked', 'UserUnblocked']);
    }
    const order = harness.published.map((event) => event.type);
    const deletedAt = harness.published.findIndex((event) => event.type === 'UserDeleted' && event.key === bruno.id);
    const lifted = harness.published.findIndex(
      (event) => event.type === 'UserUnblocked' && (event.payload as { blockedId: string }).blockedId === bruno.id,
    );
    expect(order[deletedAt]).toBe('UserDeleted');
    expect(lifted).toBeGreaterThan(deletedAt);
  });
});

describe('GetUser between blocked members', () => {
  it('answers both of them as for a member who never existed, and no one else', async () => {
    const [anna, bruno] = await pair();
    const carla = await registerMember(harness);
    await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'harassment' });
    const missing = await failureOf(harness.client.GetUser({ userId: 'nobody', viewerId: anna.id }));
    expect(missing).toMatchObject({ code: 'NOT_FOUND', messageKey: 'identity.userNotFound' });

    for (const [viewer, user] of [
      [anna, bruno],
      [bruno, anna],
    ] as const) {
      const refused = await failureOf(harness.client.GetUser({ userId: user.id, viewerId: viewer.id }));
      expect({ code: refused.code, messageKey: refused.messageKey, params: refused.params }).toEqual({
        code: missing.code,
        messageKey: missing.messageKey,
        params: missing.params,
      });
    }
    // Themselves, a bystander and an admin see both as before.
    expect((await harness.client.GetUser({ userId: bruno.id, viewerId: bruno.id })).id).toBe(bruno.id);
    expect((await harness.client.GetUser({ userId: bruno.id, viewerId: carla.id })).id).toBe(bruno.id);
    const { id: adminId } = await harness.client.Login(ADMIN);
    expect((await harness.client.GetUser({ userId: bruno.id, viewerId: adminId })).id).toBe(bruno.id);

    // Unblocked: the profile answers again.
    await harness.client.UnblockUser({ blockerId: anna.id, blockedId: bruno.id });
    expect((await harness.client.GetUser({ userId: anna.id, viewerId: bruno.id })).username).toBe(anna.username);
  });
});
