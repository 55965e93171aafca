import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { failureOf } from '@tip/platform/testing';
import { fund, newMemberId, startWalletHarness, type WalletHarness } from '../testing/harness.js';

let harness: WalletHarness;

beforeAll(async () => {
  harness = await startWalletHarness();
});
afterAll(() => harness.stop());

interface Exported {
  account: { id: string; openedAt: string } | null;
  balance: number;
  entries: {
    sequence: number;
    kind: string;
    amount: number;
    balanceAfter: number;
    reference: { type: string; id?: string };
    byAdmin: boolean;
    createdAt: string;
  }[];
  payments: { id: string; productId: string; amountCents: number; status: string; settledAt: string | null }[];
}

const exportOf = async (userId: string) => {
  const reply = await harness.client.ExportMember({ userId });
  return { json: reply.json, data: JSON.parse(reply.json) as Exported };
};

/** A package bought with the demo's test card, confirmed by the buyer. */
async function buy(userId: string, productId: string): Promise<string> {
  const { paymentId } = await harness.client.CreatePayment({ userId, productId });
  await harness.client.PayWithDemoCard({
    userId,
    paymentId,
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
  });
  await harness.client.ConfirmPayment({ userId, paymentId });
  return paymentId;
}

describe('ExportMember', () => {
  it('holds the member’s account, balance, every ledger entry and their payments, and nothing of others', async () => {
    const anna = newMemberId();
    const bruno = newMemberId();
    const paymentId = await buy(anna, 'credits-10');
    await harness.clientAs('content').Debit({
      userId: anna,
      amount: 3,
      reference: { type: 'post', id: 'post-1' },
      idempotencyKey: `unlock:post-1:${anna}`,
      actorId: anna,
    });
    await fund(harness, anna, 5);
    const open = await harness.client.CreatePayment({ userId: anna, productId: 'premium-1m' });
    const brunosPayment = await buy(bruno, 'credits-25');
    await harness.clientAs('content').Debit({
      userId: bruno,
      amount: 2,
      reference: { type: 'message', id: 'message-of-bruno' },
      idempotencyKey: 'message:message-of-bruno',
      actorId: bruno,
    });

    const { json, data } = await exportOf(anna);
    expect(data.account).toEqual({ id: expect.any(String), openedAt: expect.any(String) });
    expect(data.balance).toBe(12);
    expect(data.entries).toEqual([
      {
        sequence: 1,
        kind: 'purchase',
        amount: 10,
        balanceAfter: 10,
        reference: { type: 'payment', id: paymentId },
        byAdmin: false,
        createdAt: expect.any(String),
      },
      {
        sequence: 2,
        kind: 'debit',
        amount: -3,
        balanceAfter: 7,
        reference: { type: 'post', id: 'post-1' },
        byAdmin: false,
        createdAt: expect.any(String),
      },
      {
        sequence: 3,
        kind: 'admin_adjustment',
        amount: 5,
        balanceAfter: 12,
        reference: { type: 'admin' },
        byAdmin: true,
        createdAt: expect.any(String),
      },
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({ id: paymentId, productId: 'credits-10', amountCents: 999, status: 'settled' }),
      expect.objectContaining({ id: open.paymentId, productId: 'premium-1m', status: 'open', settledAt: null }),
    ]);
    // Not the admin, not the hashes of keys and requests, nothing of Bruno's.
    for (const hidden of ['test-admin', 'keyHash', 'requestHash', brunosPayment, 'message-of-bruno', bruno]) {
      expect(json).not.toContain(hidden);
    }
    const brunos = await exportOf(bruno);
    expect(brunos.data.balance).toBe(23);
    expect(brunos.data.entries.map((entry) => entry.reference.id)).toEqual([brunosPayment, 'message-of-bruno']);
    expect(brunos.json).not.toContain(paymentId);
  });

  it('is empty for a member who never had credits', async () => {
    expect((await exportOf(newMemberId())).data).toEqual({ account: null, balance: 0, entries: [], payments: [] });
  });

  it('needs a member', async () => {
    expect(await failureOf(harness.client.ExportMember({ userId: '' }))).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
