import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@tip/platform';
import {
  assertSameRequest,
  checkChain,
  EMPTY_HEAD,
  keyHash,
  nextEntry,
  requestHash,
  type EntryRequest,
} from './ledger.js';

const ids = { accountId: 'a1', now: '2026-01-01T00:00:00.000Z' };
const unlock: EntryRequest = {
  amount: -3,
  kind: 'debit',
  reference: { type: 'post', id: 'p1' },
  actorId: 'u1',
  idempotencyKey: 'unlock:p1:u1',
};

describe('the next entry', () => {
  it('follows the head: next sequence, balance plus the signed amount', () => {
    const entry = nextEntry({ sequence: 4, balance: 10 }, unlock, ids);
    expect(entry).toMatchObject({ id: 'a1:5', sequence: 5, amount: -3, balanceAfter: 7, kind: 'debit', actorId: 'u1' });
    expect(entry.requestHash).toBe(requestHash(unlock));
    expect(entry.keyHash).toBe(keyHash('a1', 'unlock:p1:u1'));
    expect(keyHash('a2', 'unlock:p1:u1')).not.toBe(entry.keyHash);
    expect(JSON.stringify(entry)).not.toContain('unlock:p1:u1');
  });

  it('takes the balance to exactly zero, but never below', () => {
    expect(nextEntry({ sequence: 1, balance: 3 }, unlock, ids).balanceAfter).toBe(0);
    const refusal = (() => {
      try {
        nextEntry({ sequence: 1, balance: 2 }, unlock, ids);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      messageKey: 'wallet.insufficientCredits',
      params: { balance: 2, required: 3 },
    });
  });

  it('starts an empty account at sequence 1', () => {
    expect(nextEntry(EMPTY_HEAD, { ...unlock, amount: 10, kind: 'tester_grant' }, ids)).toMatchObject({
      sequence: 1,
      balanceAfter: 10,
    });
  });

  it('refuses fractions and numbers past what is exact', () => {
    for (const amount of [0.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      expect(() => nextEntry({ sequence: 1, balance: 10 }, { ...unlock, amount }, ids)).toThrow(DomainError);
    }
  });
});

describe('idempotency', () => {
  it('hashes what decides the effect, and nothing else', () => {
    expect(requestHash(unlock)).toBe(requestHash({ ...unlock }));
    expect(requestHash({ ...unlock, amount: -4 })).not.toBe(requestHash(unlock));
    expect(requestHash({ ...unlock, reference: { type: 'post', id: 'p2' } })).not.toBe(requestHash(unlock));
    expect(requestHash({ ...unlock, actorId: 'u2' })).not.toBe(requestHash(unlock));
    expect(requestHash({ ...unlock, idempotencyKey: 'other' })).toBe(requestHash(unlock));
  });

  it('accepts the same request again and refuses another one under the same key', () => {
    const first = nextEntry({ sequence: 0, balance: 5 }, unlock, ids);
    expect(() => assertSameRequest(first, unlock)).not.toThrow();
    expect(() => assertSameRequest(first, { ...unlock, amount: -5 })).toThrow(
      expect.objectContaining({ code: 'ALREADY_EXISTS', messageKey: 'wallet.idempotencyKeyReused' }),
    );
  });
});

describe('the chain check', () => {
  const first = { sequence: 1, amount: 10, balanceAfter: 10 };
  const second = { sequence: 2, amount: -3, balanceAfter: 7 };
  const third = { sequence: 3, amount: -7, balanceAfter: 0 };
  const chain = [first, second, third];

  it('passes a chain whose amounts add up to its balance', () => {
    expect(checkChain(chain)).toEqual([]);
    expect(checkChain([])).toEqual([]);
  });

  it('finds a gap, a repeat, a wrong balance and a negative one', () => {
    expect(checkChain([first, third])[0]).toMatchObject({ sequence: 3, problem: 'sequence 3 follows 1' });
    expect(checkChain([first, first]).map((problem) => problem.problem)).toContain('sequence 1 follows 1');
    const edited = [first, { ...second, amount: -2 }, third];
    expect(checkChain(edited).map((problem) => problem.problem)).toEqual([
      'balance 7 is not 10 + -2',
      'amounts add up to 1, the balance is 0',
    ]);
    expect(checkChain([{ sequence: 1, amount: -1, balanceAfter: -1 }]).map((p) => p.problem)).toContain(
      'balance -1 is negative',
    );
  });
});
