import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { processMetrics } from '@tip/platform';
import { waitFor } from '@tip/platform/testing';
import { ENTRIES_COLLECTION, type EntryDocument } from '../infra/ledger-store.js';
import { fund, newMemberId, startWalletHarness, type WalletHarness } from '../testing/harness.js';

let harness: WalletHarness;

beforeAll(async () => {
  harness = await startWalletHarness({ integrityCheckIntervalMs: 20 });
});
afterAll(() => harness.stop());

/** A gauge's value in this process's metrics, as a scrape would show it. */
async function gaugeValue(name: string): Promise<number | undefined> {
  const metric = await processMetrics().getSingleMetric(name)?.get();
  return metric?.values[0]?.value;
}
const problems = () => gaugeValue('tip_ledger_integrity_problems');
const lastCheck = async () => (await gaugeValue('tip_ledger_integrity_last_check_timestamp_seconds')) ?? 0;

it('checks the ledger on its schedule and reports its problems in the metrics, until they are repaired', async () => {
  const member = newMemberId();
  await fund(harness, member, 10);
  await harness.clientAs('content').Debit({
    userId: member,
    amount: 4,
    reference: { type: 'post', id: 'scheduled-check' },
    idempotencyKey: `unlock:scheduled-check:${member}`,
    actorId: member,
  });
  const written = Date.now() / 1000;
  await waitFor(async () => (await lastCheck()) > written, 10_000, 'a check after the writes');
  expect(await problems()).toBe(0);

  const entries = await harness.documents.collection<EntryDocument>(ENTRIES_COLLECTION);
  const [debit] = await entries.find({ amount: -4, 'reference.id': 'scheduled-check' });
  await entries.updateOne({ _id: debit?._id ?? '' }, { $set: { amount: -1 } });
  await waitFor(async () => ((await problems()) ?? 0) > 0, 10_000, 'a check that finds the edited entry');
  expect(await problems()).toBe((await harness.client.CheckIntegrity({})).problems.length);

  await entries.updateOne({ _id: debit?._id ?? '' }, { $set: { amount: -4 } });
  const repaired = Date.now() / 1000;
  // A check under way during the repair may still finish with the problems; the one after it finds none.
  await waitFor(
    async () => (await lastCheck()) > repaired && (await problems()) === 0,
    10_000,
    'a check after the repair that finds no problem',
  );
});
