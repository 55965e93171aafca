import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UserDeleted } from '@tip/identity/contract';
import { waitFor } from '@tip/platform/testing';
import {
  ACCOUNTS_COLLECTION,
  ENTRIES_COLLECTION,
  type AccountDocument,
  type EntryDocument,
} from '../infra/ledger-store.js';
import { fund, newMemberId, startWalletHarness, type WalletHarness } from '../testing/harness.js';

let harness: WalletHarness;

beforeAll(async () => {
  harness = await startWalletHarness();
});
afterAll(() => harness.stop());

/** What identity does when a member deletes the account. */
async function deleteMember(userId: string) {
  const event = UserDeleted.create(userId, { userId, deletedAt: new Date().toISOString() }, 'deletion');
  await harness.events.publish(UserDeleted.topic, [event]);
  return event;
}

describe('a deleted member’s account', () => {
  it('forfeits the balance by an entry, then no longer says whose it was', async () => {
    const member = newMemberId();
    await fund(harness, member, 30);
    await harness.clientAs('content').Debit({
      userId: member,
      amount: 5,
      reference: { type: 'message', id: 'm1' },
      idempotencyKey: 'message:m1',
      actorId: member,
    });
    const accounts = await harness.documents.collection<AccountDocument>(ACCOUNTS_COLLECTION);
    const accountId = (await accounts.findOne({ userId: member }))?._id ?? '';

    const deleted = await deleteMember(member);
    await harness.events.publish(UserDeleted.topic, [deleted]);
    await waitFor(async () => (await accounts.findOne({ _id: accountId }))?.closedAt !== undefined, 5000, 'closing');
    const entries$ = await harness.documents.collection<EntryDocument>(ENTRIES_COLLECTION);
    // The forfeit's event names the member until it is out; then only the log has it (erasing it there is the
    // privacy issue's part).
    await waitFor(
      async () => (await entries$.count({ accountId, '_outbox.id': { $exists: true } })) === 0,
      5000,
      'the relay',
    );

    const account = await accounts.findOne({ _id: accountId });
    expect(account).not.toHaveProperty('userId');
    const entries = await (
      await harness.documents.collection<EntryDocument>(ENTRIES_COLLECTION)
    ).find({ accountId }, { sort: { sequence: 1 } });
    expect(entries.map((entry) => [entry.kind, entry.amount, entry.balanceAfter])).toEqual([
      ['admin_adjustment', 30, 30],
      ['debit', -5, 25],
      ['forfeit', -25, 0],
    ]);
    expect(JSON.stringify(entries)).not.toContain(member);
    expect(await harness.client.Balance({ userId: member })).toMatchObject({ balance: 0 });
    expect((await harness.client.History({ userId: member, cursor: '', limit: 10 })).entries).toEqual([]);
    expect((await harness.client.CheckIntegrity({})).ok).toBe(true);
    await waitFor(() => harness.published.some((event) => event.type === 'CreditsForfeited'), 5000, 'the event');
    expect(harness.published.find((event) => event.type === 'CreditsForfeited')?.payload).toMatchObject({
      accountId,
      amount: -25,
      balanceAfter: 0,
    });
  });

  it('is nothing to forfeit for a member who never had credits', async () => {
    const member = newMemberId();
    await deleteMember(member);
    const later = newMemberId();
    await fund(harness, later, 1);
    await deleteMember(later);
    const accounts = await harness.documents.collection<AccountDocument>(ACCOUNTS_COLLECTION);
    await waitFor(async () => (await accounts.count({ userId: later })) === 0, 5000, 'the later deletion');
    expect(await accounts.count({ userId: member })).toBe(0);
  });
});
