/**
 * Whether 'Password dimenticata?' tells an attacker which addresses have an account by how long it takes to answer:
 * many requests for a known address and for unknown ones, in pairs of one each in a random order (so that the machine's
 * load falls on both alike), compared as two samples by a rank test (Mann-Whitney U). An answer that did the known
 * address's work (the link stored and queued) before replying is slower on nearly every try and shows as a large |z|;
 * two samples of one distribution stay within a few standard deviations. No time budget is asserted.
 * The change of address is asked the same of a session without its password: registration's own refusal of a taken
 * address comes only once the password is right, so a session left open tells no more than the sign-up form does.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { scaled } from '@tip/platform/testing';
import { performance } from 'node:perf_hooks';
import { registrationForm, startStack, type TestStack } from '../testing/start-stack.js';

jest.setTimeout(scaled(180_000));

let stack: TestStack;
beforeAll(async () => {
  // The mail limits would stop the tries long before they say anything: raised for this file only.
  stack = await startStack({
    env: {
      MAIL_LIMIT_PER_ACCOUNT: '100000',
      MAIL_LIMIT_PER_ADDRESS: '100000',
      LOGIN_LIMIT_PER_ADDRESS: '100000',
      ACCOUNT_LIMIT_PER_MEMBER: '100000',
      ACCOUNT_LIMIT_PER_ADDRESS: '100000',
    },
  });
});
afterAll(() => stack.stop());

const TRIES = 150;
/** |z| past which the two samples are told apart: by chance alone, about once in 2,000 runs. */
const Z_LIMIT = 3.5;

/** Mann-Whitney U's normal approximation: how many standard deviations `a`'s ranks lie from `b`'s. */
function rankTestZ(a: number[], b: number[]): number {
  const all = [...a.map((value) => ({ value, fromA: true })), ...b.map((value) => ({ value, fromA: false }))].sort(
    (x, y) => x.value - y.value,
  );
  let rankSumA = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j]?.value === all[i]?.value) j += 1;
    const rank = (i + 1 + j) / 2; // ties share their mean rank
    for (let k = i; k < j; k += 1) if (all[k]?.fromA) rankSumA += rank;
    i = j;
  }
  const [n, m] = [a.length, b.length];
  const u = rankSumA - (n * (n + 1)) / 2;
  return (u - (n * m) / 2) / Math.sqrt((n * m * (n + m + 1)) / 12);
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;

/**
 * `TRIES` of each kind, one of each in every pair and in a random order within it, so that the machine's load falls
 * on both alike however it drifts over the run. (A sort with a random comparator is no shuffle: it left the known
 * tries 6 places earlier than the unknown ones on average, and 48 or more in one run of 20, where a load that eased off
 * made the known address look slower: z 4.64 beside another test suite.)
 */
const pairedKinds = () =>
  Array.from({ length: TRIES }, () => (Math.random() < 0.5 ? [true, false] : [false, true])).flat();

describe('a forgotten password', () => {
  it('takes as long for an address nobody has as for a member’s, over many tries', async () => {
    const email = 'conosciuta@example.it';
    const form = registrationForm({ username: 'conosciuta', email, password: 'segreto1', confirmPassword: 'segreto1' });
    expect((await stack.browser().postForm('/api/auth/register', form)).status).toBe(201);
    const browser = stack.browser();
    const ask = async (address: string) => {
      const started = performance.now();
      const response = await browser.postJson('/api/auth/password/forgot', { email: address });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    for (let i = 0; i < 20; i += 1) await ask(i % 2 ? email : `prova${i}@example.it`);

    const known: number[] = [];
    const unknown: number[] = [];
    for (const [i, isKnown] of pairedKinds().entries()) {
      if (isKnown) known.push(await ask(email));
      else unknown.push(await ask(`nessuno${i}@example.it`));
    }
    const z = rankTestZ(known, unknown);
    // Said once per run, so that a failure (or a near one) can be read against the figures.
    process.stderr.write(
      `forgot-password timing: median known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms, z ${z.toFixed(2)}\n`,
    );
    expect(Math.abs(z)).toBeLessThan(Z_LIMIT);
  });
});

describe('a change of address without the current password', () => {
  it('answers alike, in words and in time, whether the address is taken or free', async () => {
    const taken = 'presa@example.it';
    const holder = registrationForm({
      username: 'presa',
      email: taken,
      password: 'segreto1',
      confirmPassword: 'segreto1',
    });
    expect((await stack.browser().postForm('/api/auth/register', holder)).status).toBe(201);
    // A session left open on another's device: signed in, without its password.
    const session = stack.browser();
    const form = registrationForm({
      username: 'sessione',
      email: 'sessione@example.it',
      password: 'segreto1',
      confirmPassword: 'segreto1',
    });
    expect((await session.postForm('/api/auth/register', form)).status).toBe(201);
    const answers = new Set<string>();
    const ask = async (address: string) => {
      const started = performance.now();
      const response = await session.postJson('/api/auth/email/change', {
        newEmail: address,
        currentPassword: 'non-la-sua',
      });
      answers.add(`${response.status} ${await response.text()}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 20; i += 1) await ask(i % 2 ? taken : `libera${i}@example.it`);

    const known: number[] = [];
    const unknown: number[] = [];
    for (const [i, isTaken] of pairedKinds().entries()) {
      if (isTaken) known.push(await ask(taken));
      else unknown.push(await ask(`nessuna${i}@example.it`));
    }
    expect([...answers]).toEqual(['400 {"message":"La password attuale non è corretta."}']);
    const z = rankTestZ(known, unknown);
    process.stderr.write(
      `email-change timing: median taken ${median(known).toFixed(2)} ms, free ${median(unknown).toFixed(2)} ms, z ${z.toFixed(2)}\n`,
    );
    expect(Math.abs(z)).toBeLessThan(Z_LIMIT);
  });
});

describe('the rank test', () => {
  it('tells apart a sample slower on most tries (it can fail)', () => {
    const base = Array.from({ length: TRIES }, (_, i) => 5 + ((i * 7919) % 100) / 50);
    expect(Math.abs(rankTestZ(base, [...base]))).toBeLessThan(0.01);
    expect(
      rankTestZ(
        base.map((value) => value + 0.5),
        base,
      ),
    ).toBeGreaterThan(Z_LIMIT);
  });
});
