/**
 * The one-time secrets of the account's mails, attacked: a confirmation's token and a reset link work once and not
 * after their time, a reset request tells nothing of whether an address is known (its timing: enumeration.security),
 * guesses stop at the address's limit, and no code, token or link ever
 * reaches the log (the embedded default's link line aside, which the mail transport writes and this stack does not
 * use: README, Mail).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { json } from '../testing/browser.js';
import { registrationForm, startStack, type TestStack } from '../testing/start-stack.js';

/** Tries of codes, tokens and logins an address has in a window (LOGIN_LIMIT_PER_ADDRESS; the test stack's is far higher). */
const ADDRESS_LIMIT = 60;
const logLines: string[] = [];
let stack: TestStack;
beforeAll(async () => {
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
  stack = await startStack({ logger, env: { LOGIN_LIMIT_PER_ADDRESS: String(ADDRESS_LIMIT) } });
});
afterAll(() => stack.stop());

const tokenIn = (link: string) => new URL(link).searchParams.get('token') ?? '';
const codeIn = (text: string) => /^ {4}(\d{6})$/m.exec(text)?.[1] ?? '';
/** Secrets seen in mails during the file, checked against the log at the end. */
const secrets: string[] = [];

async function registered(name: string) {
  const email = `${name}@example.it`;
  const browser = stack.browser();
  const form = registrationForm({ username: name, email, password: 'segreto1', confirmPassword: 'segreto1' });
  expect((await browser.postForm('/api/auth/register', form)).status).toBe(201);
  const mail = await stack.mail.nextTo(email);
  secrets.push(codeIn(mail.text), tokenIn(mail.link));
  return { browser, email, mail };
}

async function resetLink(email: string, after: number) {
  expect((await stack.browser().postJson('/api/auth/password/forgot', { email })).status).toBe(200);
  const mail = await stack.mail.nextTo(email, after);
  secrets.push(tokenIn(mail.link));
  return tokenIn(mail.link);
}

/** Moves a member's pending secret past its time, as if the hours had gone by. */
async function expire(email: string, field: 'emailConfirmation' | 'passwordReset') {
  const users = await stack.adapters.documents.collection('users');
  await users.updateOne({ email }, { $set: { [`${field}.expiresAt`]: new Date(Date.now() - 1000).toISOString() } });
}

describe('one-time secrets', () => {
  it('confirm once: the same token or code a second time is refused', async () => {
    const { browser, mail } = await registered('uno');
    const other = await registered('due');
    expect((await stack.browser().postJson('/api/auth/email/confirm', { token: tokenIn(mail.link) })).status).toBe(200);
    expect((await stack.browser().postJson('/api/auth/email/confirm', { token: tokenIn(mail.link) })).status).toBe(400);
    expect((await browser.postJson('/api/auth/email/confirm', { code: codeIn(mail.text) })).status).toBe(400);
    // Another member's code is no use to a member: a code is checked against the signed-in member's own.
    expect((await browser.postJson('/api/auth/email/confirm', { code: codeIn(other.mail.text) })).status).toBe(400);
  });

  it('reset once: the link a second time is refused, and so is the first link once a second was asked for', async () => {
    const { email } = await registered('tre');
    const first = await resetLink(email, 1);
    const second = await resetLink(email, 2);
    const reset = (token: string) =>
      stack.browser().postJson('/api/auth/password/reset', { token, password: 'nuova-password' });
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second)).status).toBe(200);
    expect((await reset(second)).status).toBe(400);
  });

  it('expire: a confirmation after 24 hours and a reset link after 30 minutes are refused', async () => {
    const { browser, email, mail } = await registered('quattro');
    await expire(email, 'emailConfirmation');
    expect((await browser.postJson('/api/auth/email/confirm', { code: codeIn(mail.text) })).status).toBe(400);
    expect((await browser.postJson('/api/auth/email/confirm', { token: tokenIn(mail.link) })).status).toBe(400);
    const token = await resetLink(email, 1);
    await expire(email, 'passwordReset');
    const late = await stack.browser().postJson('/api/auth/password/reset', { token, password: 'nuova-password' });
    expect(late.status).toBe(400);
    expect((await stack.browser().postJson('/api/auth/login', { email, password: 'segreto1' })).status).toBe(200);
  });

  it('tell nothing of which addresses are known: the same status, headers and body either way', async () => {
    const { email } = await registered('cinque');
    const ask = (address: string) => stack.browser('es').postJson('/api/auth/password/forgot', { email: address });
    const [known, unknown] = [await ask(email), await ask('sconosciuto@example.it')];
    const shape = async (response: Response) => ({
      status: response.status,
      headers: [...response.headers.keys()].filter((name) => name !== 'date').sort(),
      length: response.headers.get('content-length'),
      body: await json(response),
    });
    expect(await shape(unknown)).toEqual(await shape(known));
  });

  // Last of the tries: it spends the address's allowance for the window.
  it('hold their limit: past the address’s tries every secret is refused, the right one too, with when to retry', async () => {
    const { email, mail } = await registered('sei');
    const guess = () =>
      stack.browser().postJson('/api/auth/email/confirm', { token: randomBytes(32).toString('base64url') });
    const statuses: number[] = [];
    while (statuses.length <= ADDRESS_LIMIT && statuses.at(-1) !== 429) statuses.push((await guess()).status);
    // Refused as wrong until the limit (counted with the address's logins and earlier tries), then as too many.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.length).toBeLessThanOrEqual(ADDRESS_LIMIT + 1);
    const right = await stack.browser().postJson('/api/auth/email/confirm', { token: tokenIn(mail.link) });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    const reset = await stack.browser().postJson('/api/auth/password/reset', {
      token: randomBytes(32).toString('base64url'),
      password: 'nuova-password',
    });
    expect(reset.status).toBe(429);
    // Nothing a refused try did confirmed the address.
    const users = await stack.adapters.documents.collection<{ _id: string; email: string; emailConfirmedAt?: string }>(
      'users',
    );
    expect((await users.findOne({ email }))?.emailConfirmedAt).toBeUndefined();
  });

  it('never reach the log', () => {
    expect(secrets.filter((secret) => secret.length < 6)).toEqual([]);
    expect(logLines.length).toBeGreaterThan(0);
    const leaked = secrets.filter((secret) => logLines.some((line) => line.includes(secret)));
    expect(leaked).toEqual([]);
  });
});
