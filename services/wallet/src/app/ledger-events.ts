import { type EventEnvelope } from '@tip/platform';
import {
  CreditsDebited,
  CreditsForfeited,
  CreditsGranted,
  CreditsPurchased,
  CreditsRefunded,
  type LedgerEntryPayload,
} from '../contract/index.js';
import type { Entry } from '../domain/ledger.js';
import type { CallInfo } from './context.js';

/** What a purchase entry's event adds: the payment behind it. */
export interface PurchaseDetails {
  paymentId: string;
  productId: string;
  amountCents: number;
  currency: string;
}

function entryPayload(entry: Entry, userId: string): LedgerEntryPayload {
  return {
    accountId: entry.accountId,
    userId,
    entryId: entry.id,
    sequence: entry.sequence,
    amount: entry.amount,
    balanceAfter: entry.balanceAfter,
    reference: entry.reference,
    occurredAt: entry.createdAt,
  };
}

/** The event that tells the others about an entry; a purchase needs its payment's details. */
export function entryEvent(entry: Entry, userId: string, call: CallInfo, purchase?: PurchaseDetails): EventEnvelope {
  const payload = entryPayload(entry, userId);
  const key = entry.accountId;
  switch (entry.kind) {
    case 'purchase':
      if (!purchase) throw new TypeError('a purchase entry needs its payment');
      return CreditsPurchased.create(key, { ...payload, ...purchase }, call.correlationId);
    case 'debit':
      return CreditsDebited.create(key, payload, call.correlationId);
    case 'tester_grant':
      return CreditsGranted.create(key, { ...payload, grant: 'tester' }, call.correlationId);
    case 'admin_adjustment':
      return CreditsGranted.create(
        key,
        { ...payload, grant: 'admin', adminId: entry.actorId ?? '' },
        call.correlationId,
      );
    case 'refund':
      return CreditsRefunded.create(key, payload, call.correlationId);
    case 'forfeit':
      return CreditsForfeited.create(key, payload, call.correlationId);
  }
}

/** An entry names its actor only when someone other than the member acted (an admin): see Entry.actorId. */
export function actorOf(input: { userId: string; actorId?: string | undefined }): { actorId?: string } {
  return input.actorId && input.actorId !== input.userId ? { actorId: input.actorId } : {};
}
