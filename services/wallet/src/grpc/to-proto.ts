import type { Entry } from '../domain/ledger.js';
import type { Appended } from '../infra/ledger-store.js';

export function toProtoEntry(entry: Entry) {
  return {
    id: entry.id,
    sequence: entry.sequence,
    amount: entry.amount,
    balanceAfter: entry.balanceAfter,
    kind: entry.kind,
    reference: entry.reference,
    createdAt: entry.createdAt,
  };
}

export function toProtoLedgerReply({ entry, replayed }: Appended) {
  return { entry: toProtoEntry(entry), balance: entry.balanceAfter, replayed };
}
