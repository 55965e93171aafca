import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { failureOf, waitFor } from '@tip/platform/testing';
import { eventTypes, registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';

let harness: IdentityHarness;
let adminId: string;

beforeAll(async () => {
  harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
  adminId = (await harness.client.Login({ email: 'root@tip.local', password: 'root-password' })).id;
});
afterAll(() => harness.stop());

const DAY = 86_400_000;
const own = (userId: string) => harness.client.GetUser({ userId, viewerId: userId });

describe('premium', () => {
  it('is granted by an admin for months, shown to the member, and announced naming the admin', async () => {
    const member = await registerMember(harness);
    const granted = await harness.client.GrantPremium({ userId: member.id, months: 3, adminId });
    expect(granted).toMatchObject({ isPremium: true, premiumSource: 'admin_grant' });
    const expiry = Date.parse(granted.premiumSubscriptionExpiry);
    expect(expiry - Date.now()).toBeGreaterThan(88 * DAY);
    expect(expiry - Date.now()).toBeLessThan(93 * DAY);
    const stranger = await registerMember(harness);
    const seen = await harness.client.GetUser({ userId: member.id, viewerId: stranger.id });
    expect(seen).toMatchObject({ isPremium: true, premiumSubscriptionExpiry: '', premiumSource: '' });
    await waitFor(() => eventTypes(harness.published, member.id).includes('PremiumChanged'), 5000, 'PremiumChanged');
    const changed = harness.published.find((event) => event.key === member.id && event.type === 'PremiumChanged');
    expect(changed?.payload).toMatchObject({ change: 'granted', months: 3, adminId, premiumSource: 'admin_grant' });
  });

  it('is revoked by an admin at once', async () => {
    const member = await registerMember(harness);
    await harness.client.GrantPremium({ userId: member.id, months: 1, adminId });
    const revoked = await harness.client.RevokePremium({ userId: member.id, adminId });
    expect(revoked).toMatchObject({ isPremium: false, premiumSubscriptionExpiry: '', premiumSource: '' });
  });

  it('is no admin’s: grants and tester flags to admins are refused', async () => {
    expect(await failureOf(harness.client.GrantPremium({ userId: adminId, months: 1, adminId }))).toMatchObject({
      messageKey: 'identity.adminNoPremium',
    });
    expect(await failureOf(harness.client.SetTester({ userId: adminId, isTester: true, adminId }))).toMatchObject({
      messageKey: 'identity.adminNoTester',
    });
  });

  it('is granted only for 1, 2, 3, 6 or 12 months', async () => {
    const member = await registerMember(harness);
    expect(await failureOf(harness.client.GrantPremium({ userId: member.id, months: 5, adminId }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'identity.premiumMonthsInvalid',
    });
  });

  it('is extended once per payment, from the current expiry: a repeat, or an older payment again, changes nothing', async () => {
    const member = await registerMember(harness);
    const apply = (paymentId: string) =>
      harness.clientAs('wallet').ApplyPremiumPurchase({ userId: member.id, paymentId, months: 1 });
    const first = await apply('pi_1');
    expect(first).toMatchObject({ isPremium: true, premiumSource: 'purchased' });
    expect((await apply('pi_1')).premiumSubscriptionExpiry).toBe(first.premiumSubscriptionExpiry);
    const second = await apply('pi_2');
    const afterTwo = Date.parse(second.premiumSubscriptionExpiry);
    const firstExpiry = Date.parse(first.premiumSubscriptionExpiry);
    expect(afterTwo - firstExpiry).toBeGreaterThan(27 * DAY);
    expect(afterTwo - firstExpiry).toBeLessThan(32 * DAY);
    // The older payment after the newer one, and the newer again: the expiry stays.
    expect(Date.parse((await apply('pi_1')).premiumSubscriptionExpiry)).toBe(afterTwo);
    expect(Date.parse((await apply('pi_2')).premiumSubscriptionExpiry)).toBe(afterTwo);
    expect(Date.parse((await own(member.id)).premiumSubscriptionExpiry)).toBe(afterTwo);
    await waitFor(
      () => eventTypes(harness.published, member.id).filter((type) => type === 'PremiumChanged').length >= 2,
      5000,
      'the two PremiumChanged',
    );
    expect(eventTypes(harness.published, member.id).filter((type) => type === 'PremiumChanged')).toHaveLength(2);
    const fromBff = harness.client.ApplyPremiumPurchase({ userId: member.id, paymentId: 'pi_3', months: 1 });
    await expect(fromBff).rejects.toThrow(/caller not admitted/);
  });

  it('lets an admin make a member a tester, naming the admin', async () => {
    const member = await registerMember(harness);
    expect(await harness.client.SetTester({ userId: member.id, isTester: true, adminId })).toMatchObject({
      isTester: true,
    });
    await waitFor(() => eventTypes(harness.published, member.id).includes('TesterFlagChanged'), 5000, 'the event');
    const changed = harness.published.find((event) => event.key === member.id && event.type === 'TesterFlagChanged');
    expect(changed?.payload).toEqual({ userId: member.id, isTester: true, adminId });
  });
});
