import { createHash } from 'node:crypto';
import { DomainError } from '@tip/platform';

/** Why an entry was written. */
export const ENTRY_KINDS = ['purchase', 'debit', 'tester_grant', 'admin_adjustment', 'forfeit', 'refund'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** What an entry is about: `post`, `message`, `telegram`, `payment`, `admin`, `account`... */
export interface Reference {
  type: string;
  id: string;
}

/** One line of an account's ledger. Entries are only ever appended. */
export interface Entry {
  /** `<account>:<sequence>`: the store's unique id is then unique (account, sequence), the race's referee. */
  id: string;
  accountId: string;
  /** 1, 2, 3... per account, without gaps: unique (account, sequence) decides which concurrent writer wins. */
  sequence: number;
  /** Signed credits: positive adds, negative takes. */
  amount: number;
  balanceAfter: number;
  kind: EntryKind;
  reference: Reference;
  /** The admin who caused it; absent when the member did (or the system: a payment, a deletion). */
  actorId?: string;
  /**
   * Hash of the caller's idempotency key. Keys name what they are about ("unlock:{post}:{member}"), and a deleted
   * member's entries must not say whose they were: the hash still finds a retried request.
   */
  keyHash: string;
  /** Hash of the request that wrote it: the same key with another request is refused. */
  requestHash: string;
  createdAt: string;
}

/** The head of an account: where the next entry goes. An account without entries is at sequence 0, balance 0. */
export interface Head {
  sequence: number;
  balance: number;
}

export const EMPTY_HEAD: Head = { sequence: 0, balance: 0 };

/** What a caller asks the ledger to write. */
export interface EntryRequest {
  amount: number;
  kind: EntryKind;
  reference: Reference;
  actorId?: string;
  idempotencyKey: string;
}

/** The request's fingerprint: everything that decides its effect, in a fixed order. */
export function requestHash(request: EntryRequest): string {
  const { amount, kind, reference, actorId } = request;
  return sha256(JSON.stringify([amount, kind, reference.type, reference.id, actorId ?? null]));
}

/** What the ledger stores and looks up for an idempotency key: unique per account, so the account is in it. */
export function keyHash(accountId: string, idempotencyKey: string): string {
  return sha256(`${accountId}\n${idempotencyKey}`);
}

export function entryId(accountId: string, sequence: number): string {
  return `${accountId}:${sequence}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The entry a request appends after `head`, or the refusal: a balance never goes below zero, and amounts are whole
 * credits. Pure: the repository decides whether `head` is still the head when it writes.
 */
export function nextEntry(head: Head, request: EntryRequest, context: { accountId: string; now: string }): Entry {
  if (!Number.isSafeInteger(request.amount)) throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput');
  const balanceAfter = head.balance + request.amount;
  if (balanceAfter < 0) {
    throw new DomainError('PAYMENT_REQUIRED', 'wallet.insufficientCredits', {
      balance: head.balance,
      required: -request.amount,
    });
  }
  const sequence = head.sequence + 1;
  return {
    id: entryId(context.accountId, sequence),
    accountId: context.accountId,
    sequence,
    amount: request.amount,
    balanceAfter,
    kind: request.kind,
    reference: request.reference,
    ...(request.actorId ? { actorId: request.actorId } : {}),
    keyHash: keyHash(context.accountId, request.idempotencyKey),
    requestHash: requestHash(request),
    createdAt: context.now,
  };
}

/** A retried request: the first result when it is the same request, a refusal when the key was used for another. */
export function assertSameRequest(existing: Entry, request: EntryRequest): void {
  if (existing.requestHash !== requestHash(request)) {
    throw new DomainError('ALREADY_EXISTS', 'wallet.idempotencyKeyReused');
  }
}

export interface ChainProblem {
  sequence: number;
  problem: string;
}

/**
 * Checks one account's entries, in sequence order: sequences run 1, 2, 3... without gaps or repeats, each balance
 * is the previous one plus the amount, none is negative, and so the sum of the amounts is the head's balance.
 */
export function checkChain(entries: readonly Pick<Entry, 'sequence' | 'amount' | 'balanceAfter'>[]): ChainProblem[] {
  const problems: ChainProblem[] = [];
  let expected = EMPTY_HEAD;
  let sum = 0;
  for (const entry of entries) {
    const { sequence } = entry;
    if (sequence !== expected.sequence + 1) {
      problems.push({ sequence, problem: `sequence ${sequence} follows ${expected.sequence}` });
    }
    if (!Number.isSafeInteger(entry.amount)) problems.push({ sequence, problem: 'amount is not a whole number' });
    if (entry.balanceAfter !== expected.balance + entry.amount) {
      problems.push({
        sequence,
        problem: `balance ${entry.balanceAfter} is not ${expected.balance} + ${entry.amount}`,
      });
    }
    if (entry.balanceAfter < 0) problems.push({ sequence, problem: `balance ${entry.balanceAfter} is negative` });
    sum += entry.amount;
    expected = { sequence, balance: entry.balanceAfter };
  }
  if (entries.length > 0 && sum !== expected.balance) {
    problems.push({
      sequence: expected.sequence,
      problem: `amounts add up to ${sum}, the balance is ${expected.balance}`,
    });
  }
  return problems;
}
