import { expect, it } from '@jest/globals';
import type { DocumentStore } from '@tip/platform';
import { describeContract, documentStoreTargets } from '@tip/platform/testing';
import { checkChain, type EntryRequest } from '../domain/ledger.js';
import { LedgerStore } from './ledger-store.js';

const debit = (key: string): EntryRequest => ({
  amount: -1,
  kind: 'debit',
  reference: { type: 'post', id: key },
  idempotencyKey: key,
});

/**
 * Two wallet replicas on one store: each LedgerStore has its own lanes and remembered heads, so only the store's
 * unique (account, sequence) index stands between them and a double spend.
 */
await describeContract<DocumentStore>('ledger store', documentStoreTargets, (store) => {
  it('lets two replicas racing on one account spend exactly the balance', async () => {
    const documents = await store.open();
    const [replicaA, replicaB] = await Promise.all([LedgerStore.open(documents), LedgerStore.open(documents)]);
    const account = await replicaA.account('member-1');
    await replicaA.append(
      account,
      { amount: 50, kind: 'admin_adjustment', reference: { type: 'admin', id: 'a' }, idempotencyKey: 'fund' },
      () => [],
    );
    // Replica B remembers the head before the race, so it starts from a stale guess half the time.
    await replicaB.head(account._id);
    const attempts = Array.from({ length: 120 }, (_, i) =>
      (i % 2 ? replicaA : replicaB).append(account, debit(`d${i}`), () => []),
    );
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(50);
    expect((await replicaA.head(account._id)).balance).toBe(0);
    const entries = await replicaA.history(account._id, { limit: 1000 });
    expect(entries).toHaveLength(51);
    expect(checkChain([...entries].reverse())).toEqual([]);
  });

  it('answers the first result to the same key sent to both replicas at once', async () => {
    const documents = await store.open();
    const [replicaA, replicaB] = await Promise.all([LedgerStore.open(documents), LedgerStore.open(documents)]);
    const account = await replicaA.account('member-2');
    await replicaA.append(
      account,
      { amount: 5, kind: 'admin_adjustment', reference: { type: 'admin', id: 'a' }, idempotencyKey: 'fund' },
      () => [],
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? replicaA : replicaB).append(account, debit('same'), () => [])),
    );
    expect(new Set(results.map((result) => result.entry.id)).size).toBe(1);
    expect((await replicaB.head(account._id)).balance).toBe(4);
  });

  it('opens one account per member, whoever asks first', async () => {
    const documents = await store.open();
    const [replicaA, replicaB] = await Promise.all([LedgerStore.open(documents), LedgerStore.open(documents)]);
    const opened = await Promise.all([replicaA.account('m3'), replicaB.account('m3'), replicaA.account('m3')]);
    expect(new Set(opened.map((account) => account._id)).size).toBe(1);
  });
});
