import { describe, expect, it } from '@jest/globals';
import {
  afterFailure,
  mayTrySecondFactor,
  normalizeRecoveryCode,
  SECOND_FACTOR_FAILURE_WINDOW_MS,
  SECOND_FACTOR_MAX_FAILURES,
  secondFactorDueAt,
  secondFactorSetupOverdue,
  secondStepSchema,
  takeChallenge,
  unusedRecoveryCodes,
  useRecoveryCode,
} from './second-factor.js';

const NOW = Date.UTC(2026, 10, 28, 8, 0, 15);

describe('recovery codes', () => {
  const codes = [{ hash: 'a' }, { hash: 'b' }, { hash: 'c', usedAt: '2026-11-01T00:00:00.000Z' }];
  const now = new Date(NOW);

  it('uses a code once and leaves the others', () => {
    const after = useRecoveryCode(codes, (hash) => hash === 'b', now);
    expect(after).toEqual([{ hash: 'a' }, { hash: 'b', usedAt: now.toISOString() }, codes[2]]);
    expect(unusedRecoveryCodes(after ?? [])).toBe(1);
    expect(useRecoveryCode(after ?? [], (hash) => hash === 'b', now)).toBeNull();
  });

  it('refuses a used or unknown code', () => {
    expect(useRecoveryCode(codes, (hash) => hash === 'c', now)).toBeNull();
    expect(useRecoveryCode(codes, () => false, now)).toBeNull();
  });

  it('reads a code typed with or without its dash, in any case', () => {
    expect(normalizeRecoveryCode(' AB3D-fgh7-K2MN-pq4r ')).toBe('ab3dfgh7k2mnpq4r');
    expect(secondStepSchema.parse({ code: 'AB3D-fgh7-K2MN-pq4r' }).code).toBe('AB3D-fgh7-K2MN-pq4r');
    expect(secondStepSchema.parse({ code: 'ab3dfgh7k2mnpq4r' }).code).toBe('ab3dfgh7k2mnpq4r');
    expect(secondStepSchema.parse({ code: '123 456' }).code).toBe('123 456');
    expect(secondStepSchema.safeParse({ code: '12345' }).success).toBe(false);
  });
});

describe('attempts', () => {
  it(`refuses a code after ${SECOND_FACTOR_MAX_FAILURES} wrong ones until the window passes`, () => {
    const start = new Date(NOW);
    let failures = afterFailure(undefined, start);
    for (let i = 1; i < SECOND_FACTOR_MAX_FAILURES; i += 1) {
      expect(mayTrySecondFactor(failures, start)).toBe(true);
      failures = afterFailure(failures, start);
    }
    expect(mayTrySecondFactor(failures, start)).toBe(false);
    const later = new Date(NOW + SECOND_FACTOR_FAILURE_WINDOW_MS);
    expect(mayTrySecondFactor(failures, later)).toBe(true);
    expect(afterFailure(failures, later)).toEqual({ count: 1, since: later.toISOString() });
  });
});

describe("an admin's second factor", () => {
  const policy = { required: true, graceMs: 7 * 86_400_000 };
  const now = new Date(NOW);

  it('is due a grace after the first sign-in under the rule, and the date then stays', () => {
    const admin = { isAdmin: true, secondFactor: false };
    const due = secondFactorDueAt(admin, policy, now);
    expect(due).toBe(new Date(NOW + policy.graceMs).toISOString());
    expect(secondFactorDueAt({ ...admin, secondFactorDueAt: due }, policy, new Date(NOW + 1000))).toBe(due);
  });

  it('is not due of members, of admins who have one, nor where the rule is off', () => {
    expect(secondFactorDueAt({ isAdmin: false, secondFactor: false }, policy, now)).toBeUndefined();
    expect(secondFactorDueAt({ isAdmin: true, secondFactor: true }, policy, now)).toBeUndefined();
    expect(
      secondFactorDueAt({ isAdmin: true, secondFactor: false }, { ...policy, required: false }, now),
    ).toBeUndefined();
  });

  it('leaves an admin past the grace without one only the set-up', () => {
    const dueAt = new Date(NOW).toISOString();
    expect(secondFactorSetupOverdue({ isAdmin: true, secondFactor: false, secondFactorDueAt: dueAt }, now)).toBe(true);
    expect(
      secondFactorSetupOverdue({ isAdmin: true, secondFactor: false, secondFactorDueAt: dueAt }, new Date(NOW - 1)),
    ).toBe(false);
    expect(secondFactorSetupOverdue({ isAdmin: true, secondFactor: true, secondFactorDueAt: dueAt }, now)).toBe(false);
  });
});

describe('passkey challenges', () => {
  const now = new Date(NOW);
  const later = new Date(NOW + 60_000).toISOString();

  it('are taken once, and forgotten once expired', () => {
    const first = takeChallenge(undefined, { nonce: 'a', expiresAt: later }, now);
    expect(first).toEqual([{ nonce: 'a', expiresAt: later }]);
    expect(takeChallenge(first ?? [], { nonce: 'a', expiresAt: later }, now)).toBeNull();
    const expired = [{ nonce: 'old', expiresAt: new Date(NOW).toISOString() }];
    expect(takeChallenge(expired, { nonce: 'b', expiresAt: later }, now)).toEqual([{ nonce: 'b', expiresAt: later }]);
  });
});
