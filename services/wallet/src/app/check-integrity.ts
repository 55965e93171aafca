import { checkChain } from '../domain/ledger.js';
import type { WalletContext } from './context.js';

export interface IntegrityReport {
  ok: boolean;
  accountsChecked: number;
  entriesChecked: number;
  problems: { accountId: string; sequence: number; problem: string }[];
}

/**
 * Walks every account's chain of entries (see checkChain) and reports every break it finds. `signal` stops it between
 * two accounts (it then throws the signal's reason), so that a service stopping does not wait for the whole ledger.
 */
export async function checkIntegrity(context: WalletContext, signal?: AbortSignal): Promise<IntegrityReport> {
  const report: IntegrityReport = { ok: true, accountsChecked: 0, entriesChecked: 0, problems: [] };
  for await (const { accountId, entries } of context.ledger.chains()) {
    signal?.throwIfAborted();
    report.accountsChecked += 1;
    report.entriesChecked += entries.length;
    for (const problem of checkChain(entries)) report.problems.push({ accountId, ...problem });
  }
  for (const accountId of await context.ledger.unknownAccounts()) {
    report.problems.push({ accountId, sequence: 0, problem: 'entries of an account that does not exist' });
  }
  report.ok = report.problems.length === 0;
  return report;
}
