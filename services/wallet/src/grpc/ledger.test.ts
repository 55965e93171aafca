import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DomainError, ServiceTokenRefusedError, withRequestId } from '@tip/platform';
import { failureOf, waitFor } from '@tip/platform/testing';
import { debitsInBatches } from '../contract/index.js';
import { ENTRIES_COLLECTION, type EntryDocument } from '../infra/ledger-store.js';
import { fund, newMemberId, startWalletHarness, type WalletHarness } from '../testing/harness.js';

let harness: WalletHarness;

beforeAll(async () => {
  harness = await startWalletHarness();
});
afterAll(() => harness.stop());

const unlock = (userId: string, postId: string, amount = 1) => ({
  userId,
  amount,
  reference: { type: 'post', id: postId },
  idempotencyKey: `unlock:${postId}:${userId}`,
  actorId: userId,
});

describe('Balances', () => {
  it("answers several members' balances in one call: each member once, 0 without an account, fresh each time", async () => {
    const [rich, poor, none] = [newMemberId(), newMemberId(), newMemberId()];
    await fund(harness, rich, 10);
    await fund(harness, poor, 3);
    await harness.clientAs('content').Debit(unlock(poor, 'balances-1', 1));
    const balances = async (userIds: string[]) =>
      new Map((await harness.client.Balances({ userIds })).balances.map((entry) => [entry.userId, entry.balance]));
    expect(await balances([rich, poor, none, rich])).toEqual(
      new Map([
        [rich, 10],
        [poor, 2],
        [none, 0],
      ]),
    );
    expect((await harness.client.Balances({ userIds: [rich, rich] })).balances).toHaveLength(1);
    await harness.clientAs('content').Debit(unlock(rich, 'balances-2', 4));
    await fund(harness, none, 5);
    expect(await balances([rich, none])).toEqual(
      new Map([
        [rich, 6],
        [none, 5],
      ]),
    );
    expect(await harness.client.Balances({ userIds: [] })).toEqual({ balances: [] });
  });

  it('refuses more than 500 members at once, and an empty id', async () => {
    const many = Array.from({ length: 501 }, () => newMemberId());
    expect(await failureOf(harness.client.Balances({ userIds: many }))).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(await failureOf(harness.client.Balances({ userIds: [''] }))).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('Debit', () => {
  it('takes credits and answers the new balance', async () => {
    const member = newMemberId();
    await fund(harness, member, 10);
    const reply = await harness.clientAs('content').Debit(unlock(member, 'p1', 3));
    expect(reply).toMatchObject({ balance: 7, replayed: false, entry: { amount: -3, kind: 'debit', sequence: 2 } });
    expect(await harness.client.Balance({ userId: member })).toEqual({ balance: 7, sequence: 2 });
  });

  it('refuses to go below zero with Insufficient Credits, writing nothing', async () => {
    const member = newMemberId();
    await fund(harness, member, 2);
    const failure = await failureOf(harness.clientAs('content').Debit(unlock(member, 'p2', 3)));
    expect(failure).toMatchObject({ code: 'PAYMENT_REQUIRED', messageKey: 'wallet.insufficientCredits' });
    expect(await failureOf(harness.clientAs('content').Debit(unlock(newMemberId(), 'p2', 1)))).toMatchObject({
      code: 'PAYMENT_REQUIRED',
    });
    expect((await harness.client.History({ userId: member, cursor: '', limit: 10 })).entries).toHaveLength(1);
  });

  it('charges exactly floor(B / c) of 500 concurrent debits, and the ledger still adds up', async () => {
    const member = newMemberId();
    await fund(harness, member, 50);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 500 }, (_, i) => harness.clientAs('content').Debit(unlock(member, `race-${i}`, 1))),
    );
    const charged = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(charged).toHaveLength(50);
    expect(refused.every((outcome) => outcome.reason.messageKey === 'wallet.insufficientCredits')).toBe(true);
    expect(await harness.client.Balance({ userId: member })).toMatchObject({ balance: 0 });
    expect(await harness.client.CheckIntegrity({})).toMatchObject({ ok: true, problems: [] });
  });

  it('answers a retry with the first result and writes one entry; the same key for another request is refused', async () => {
    const member = newMemberId();
    await fund(harness, member, 10);
    const retries = await Promise.all(
      Array.from({ length: 20 }, () => harness.clientAs('content').Debit(unlock(member, 'p3', 4))),
    );
    expect(new Set(retries.map((reply) => reply.entry?.id)).size).toBe(1);
    expect(retries.filter((reply) => !reply.replayed)).toHaveLength(1);
    expect(retries.every((reply) => reply.balance === 6)).toBe(true);
    expect(await harness.client.Balance({ userId: member })).toMatchObject({ balance: 6 });
    const reused = await failureOf(harness.clientAs('content').Debit({ ...unlock(member, 'p3', 5) }));
    expect(reused).toMatchObject({ code: 'ALREADY_EXISTS', messageKey: 'wallet.idempotencyKeyReused' });
  });

  it('refuses amounts that are not positive whole numbers', async () => {
    const member = newMemberId();
    await fund(harness, member, 10);
    for (const amount of [0, -5]) {
      expect(await failureOf(harness.clientAs('content').Debit(unlock(member, `bad-${amount}`, amount)))).toMatchObject(
        {
          code: 'INVALID_ARGUMENT',
        },
      );
    }
    expect(await harness.client.Balance({ userId: member })).toMatchObject({ balance: 10 });
  });

  it('publishes CreditsDebited keyed by the account, with the balance after', async () => {
    const member = newMemberId();
    await fund(harness, member, 5);
    const { entry } = await harness.clientAs('content').Debit(unlock(member, 'p4', 2));
    await waitFor(
      () =>
        harness.published.some(
          (event) =>
            event.type === 'CreditsDebited' &&
            event.payload &&
            (event.payload as { entryId: string }).entryId === entry?.id,
        ),
      5000,
      'CreditsDebited',
    );
    const debited = harness.published.find((event) => (event.payload as { entryId?: string }).entryId === entry?.id);
    expect(debited?.payload).toMatchObject({
      userId: member,
      amount: -2,
      balanceAfter: 3,
      reference: { type: 'post', id: 'p4' },
    });
    expect(debited?.key).toBe((debited?.payload as { accountId: string }).accountId);
  });
});

describe('DebitMany', () => {
  it('decides each debit as Debit would, answering in the order asked', async () => {
    const [member, broke] = [newMemberId(), newMemberId()];
    await fund(harness, member, 5);
    const { outcomes } = await harness.clientAs('content').DebitMany({
      debits: [
        unlock(member, 'many-1', 2),
        unlock(broke, 'many-2', 1),
        unlock(member, 'many-3', 4),
        unlock(member, 'many-1', 2),
        unlock(member, 'many-4', 0),
        unlock(member, 'many-5', 3),
      ],
    });
    expect(outcomes.map((outcome) => outcome.debited?.balance ?? outcome.refused?.code)).toEqual([
      3,
      'PAYMENT_REQUIRED',
      'PAYMENT_REQUIRED',
      3,
      'INVALID_ARGUMENT',
      0,
    ]);
    expect(outcomes[2]?.refused).toEqual({
      code: 'PAYMENT_REQUIRED',
      messageKey: 'wallet.insufficientCredits',
      params: JSON.stringify({ balance: 3, required: 4 }),
    });
    expect(outcomes[3]?.debited?.replayed).toBe(true);
    expect(await harness.client.Balance({ userId: member })).toMatchObject({ balance: 0 });
  });

  it('charges exactly what the balance covers of debits racing in several calls', async () => {
    const member = newMemberId();
    await fund(harness, member, 30);
    const calls = Array.from({ length: 10 }, (_, call) =>
      harness.clientAs('messaging').DebitMany({
        debits: Array.from({ length: 20 }, (_, n) => unlock(member, `many-race-${call}-${n}`, 1)),
      }),
    );
    const outcomes = (await Promise.all(calls)).flatMap((reply) => reply.outcomes);
    expect(outcomes.filter((outcome) => outcome.debited)).toHaveLength(30);
    expect(outcomes.filter((outcome) => outcome.refused?.messageKey === 'wallet.insufficientCredits')).toHaveLength(
      170,
    );
    expect(await harness.client.Balance({ userId: member })).toMatchObject({ balance: 0 });
    expect(await harness.client.CheckIntegrity({})).toMatchObject({ ok: true, problems: [] });
  });

  it('refuses more than 500 debits in one call, and serves content and messaging only', async () => {
    const member = newMemberId();
    const many = Array.from({ length: 501 }, (_, n) => unlock(member, `many-max-${n}`));
    expect(await failureOf(harness.clientAs('content').DebitMany({ debits: many }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await expect(harness.client.DebitMany({ debits: [] })).rejects.toBeInstanceOf(ServiceTokenRefusedError);
  });
});

describe('debitsInBatches', () => {
  /** Content's Debit as its process calls it, with the DebitMany calls it made counted. */
  function batchingSeller() {
    const wallet = harness.clientAs('content');
    const calls: number[] = [];
    const debits = debitsInBatches({
      DebitMany: (request) => {
        calls.push(request.debits?.length ?? 0);
        return wallet.DebitMany(request);
      },
    });
    return { debits, calls };
  }

  it('gathers the debits asked while a call is on its way, each answered as Debit answers it', async () => {
    const member = newMemberId();
    await fund(harness, member, 100);
    const { debits, calls } = batchingSeller();
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        withRequestId(`request-${n}`, () => debits.Debit(unlock(member, `batched-${n}`))),
      ),
    );
    expect(replies.map((reply) => reply.balance).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, n) => n),
    );
    expect(calls).toEqual([100]);
    const refused = await failureOf(debits.Debit(unlock(member, 'batched-none')));
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      messageKey: 'wallet.insufficientCredits',
      params: { balance: 0, required: 1 },
    });
    expect(calls).toEqual([100, 1]);
    // Each debit's event carries the request that asked for it.
    const debited = (n: number) =>
      harness.published.find(
        (event) =>
          event.type === 'CreditsDebited' &&
          (event.payload as { reference: { id: string } }).reference.id === `batched-${n}`,
      );
    await waitFor(() => debited(99) !== undefined, 5000, 'the last CreditsDebited');
    expect([debited(0)?.correlationId, debited(99)?.correlationId]).toEqual(['request-0', 'request-99']);
  });

  it('sends what waits as the call before it is answered, in calls of 500 at most', async () => {
    const member = newMemberId();
    await fund(harness, member, 2000);
    const { debits, calls } = batchingSeller();
    const first = debits.Debit(unlock(member, 'waves-first'));
    await Promise.resolve();
    const rest = Array.from({ length: 1200 }, (_, n) => debits.Debit(unlock(member, `waves-${n}`)));
    await Promise.all([first, ...rest]);
    expect(calls).toEqual([1, 500, 500, 200]);
    expect(await harness.client.Balance({ userId: member })).toMatchObject({ balance: 799 });
  });
});

describe('Credit', () => {
  it('grants a tester 1 to 10,000 credits and names the grant', async () => {
    const tester = newMemberId();
    const reply = await harness.client.Credit({
      userId: tester,
      amount: 1000,
      kind: 'tester_grant',
      reference: { type: 'tester', id: tester },
      idempotencyKey: 'grant-1',
      actorId: tester,
    });
    expect(reply).toMatchObject({ balance: 1000, entry: { kind: 'tester_grant' } });
    for (const amount of [0, 10_001]) {
      const refused = harness.client.Credit({
        userId: tester,
        amount,
        kind: 'tester_grant',
        reference: { type: 'tester', id: tester },
        idempotencyKey: `grant-${amount}`,
        actorId: tester,
      });
      expect(await failureOf(refused)).toMatchObject({ messageKey: 'wallet.testerAmountRange' });
    }
  });

  it('lets an admin take credits away, never below zero, and names the admin in the event', async () => {
    const member = newMemberId();
    await fund(harness, member, 100);
    const adjust = (amount: number, key: string) =>
      harness.client.Credit({
        userId: member,
        amount,
        kind: 'admin_adjustment',
        reference: { type: 'admin', id: 'admin-7' },
        idempotencyKey: key,
        actorId: 'admin-7',
      });
    expect((await adjust(-40, 'take-40')).balance).toBe(60);
    expect(await failureOf(adjust(-61, 'take-61'))).toMatchObject({
      code: 'FAILED_PRECONDITION',
      messageKey: 'wallet.balanceBelowZero',
      params: { balance: 60 },
    });
    expect(await failureOf(adjust(0, 'zero'))).toMatchObject({ messageKey: 'wallet.adminAmountRange' });
    expect(await failureOf(adjust(10_001, 'too-much'))).toMatchObject({ messageKey: 'wallet.adminAmountRange' });
    await waitFor(
      () =>
        harness.published.some(
          (event) =>
            (event.payload as { userId?: string }).userId === member &&
            event.type === 'CreditsGranted' &&
            (event.payload as { amount: number }).amount === -40,
        ),
      5000,
      'the adjustment event',
    );
    const granted = harness.published.find(
      (event) =>
        (event.payload as { userId?: string }).userId === member &&
        (event.payload as { amount: number }).amount === -40,
    );
    expect(granted?.payload).toMatchObject({ grant: 'admin', adminId: 'admin-7', balanceAfter: 60 });
  });
});

describe('History', () => {
  it('pages newest first with a cursor', async () => {
    const member = newMemberId();
    for (let i = 1; i <= 5; i++) await fund(harness, member, i);
    const first = await harness.client.History({ userId: member, cursor: '', limit: 2 });
    expect(first.entries.map((entry) => entry.amount)).toEqual([5, 4]);
    const second = await harness.client.History({ userId: member, cursor: first.nextCursor, limit: 2 });
    expect(second.entries.map((entry) => entry.amount)).toEqual([3, 2]);
    const last = await harness.client.History({ userId: member, cursor: second.nextCursor, limit: 2 });
    expect(last.entries.map((entry) => entry.amount)).toEqual([1]);
    expect(last.nextCursor).toBe('');
    expect(await failureOf(harness.client.History({ userId: member, cursor: 'x', limit: 2 }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});

describe('CheckIntegrity', () => {
  it('reports an entry edited behind the ledger’s back', async () => {
    const member = newMemberId();
    await fund(harness, member, 10);
    await harness.clientAs('content').Debit(unlock(member, 'p5', 4));
    expect((await harness.client.CheckIntegrity({})).ok).toBe(true);

    const entries = await harness.documents.collection<EntryDocument>(ENTRIES_COLLECTION);
    const [debit] = await entries.find({ amount: -4, 'reference.id': 'p5' });
    await entries.updateOne({ _id: debit?._id ?? '' }, { $set: { amount: -1 } });
    const report = await harness.client.CheckIntegrity({});
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ accountId: debit?.accountId, sequence: 2 })]),
    );
    await entries.updateOne({ _id: debit?._id ?? '' }, { $set: { amount: -4 } });
    expect((await harness.client.CheckIntegrity({})).ok).toBe(true);
  });
});
