// Faults on the real engines (issue 25, part 4): the distributed shape on Kafka, FerretDB, Redis and S3, where a
// process dies in the middle of the work. Run by `npm run test:distributed`, which starts the engines; plain `npm
// test` has none and skips it, saying so.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { scaled, waitFor } from '@tip/platform/testing';
import {
  ADMIN,
  register,
  send,
  signIn,
  START_HOOK_BUDGET_MS,
  startDistributed,
  type Distributed,
  type Member,
} from './distributed.js';

/** The engines' settings the platform reads, as `node deploy/engines/main.mjs env` gives them. */
const ENGINE_SETTINGS = ['KAFKA_BROKERS', 'MONGO_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'];
const missing = ENGINE_SETTINGS.filter((name) => !process.env[name]);
const engines = Object.fromEntries(ENGINE_SETTINGS.map((name) => [name, process.env[name] ?? '']));
const TITLE = 'faults on the real engines';

/** What a message costs its sender (messaging's MESSAGE_COST). */
const MESSAGE_COST = 2;
/** Paid sends in the burst, and how many go at once. */
const MESSAGES = 16;
const AT_ONCE = 4;

jest.setTimeout(scaled(120_000));

if (missing.length > 0 && process.env.CONTRACT_ENGINES === 'required') {
  describe(TITLE, () =>
    it('reaches its engines', () => {
      throw new Error(`${missing.join(', ')} unset (CONTRACT_ENGINES=required): npm run test:distributed sets them`);
    }),
  );
} else if (missing.length > 0) {
  process.stderr.write(
    `${TITLE}: SKIPPED, ${missing.join(', ')} unset (npm run test:distributed starts the engines)\n`,
  );
  describe.skip(TITLE, () => it('runs on the real engines', () => undefined));
} else {
  describe(TITLE, engineFaults);
}

interface Sent {
  id: string;
  content: string;
}

function engineFaults() {
  let platform: Distributed;
  let url: string;
  let writer: Member;
  let reader: Member;

  const sendMessage = (message: Sent) =>
    send(url, writer.cookie, '/api/messages', 'POST', { ...message, recipientId: reader.id });
  const creditsOf = async (member: Member) =>
    (
      (await (await fetch(`${url}/api/auth/user`, { headers: { cookie: member.cookie } })).json()) as {
        credits: number;
      }
    ).credits;

  beforeAll(async () => {
    platform = await startDistributed({
      engines,
      bffEnv: {
        // Rate limits live in the engines' Redis, keyed by address: every request here comes from 127.0.0.1.
        REGISTER_LIMIT_PER_ADDRESS: '1000',
        LOGIN_LIMIT_PER_ADDRESS: '1000',
        // A loaded machine's event loop lags past production's threshold: no 'server busy' (bff/src/admission).
        ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '600000',
      },
    });
    ({ url } = platform);
    const admin = await signIn(url, ADMIN.email, ADMIN.password);
    const tag = randomUUID().slice(0, 6);
    [writer, reader] = [await register(url, `guasto_${tag}_a`), await register(url, `guasto_${tag}_b`)];
    for (const member of [writer, reader]) {
      expect(
        (await send(url, admin.cookie, `/api/admin/users/${member.id}/verify`, 'PUT', { status: 'approved' })).status,
      ).toBe(200);
    }
    expect(
      (await send(url, admin.cookie, `/api/admin/users/${writer.id}/add-credits`, 'POST', { amount: 100 })).status,
    ).toBe(200);
  }, START_HOOK_BUDGET_MS);

  afterAll(async () => {
    await platform?.stop();
  });

  it('charges and delivers each paid message once when messaging is SIGKILLed in the middle of sending', async () => {
    // Messaging hears of the approvals through events: the first message may wait for them a moment.
    const first = { id: randomUUID(), content: 'prima del guasto' };
    await waitFor(async () => (await sendMessage(first)).status === 201, 20_000, 'a first message');
    const before = await creditsOf(writer);

    const burst = Array.from({ length: MESSAGES }, (_, index) => ({ id: randomUUID(), content: `pagato ${index}` }));
    const refused: Sent[] = [];
    let answered = 0;
    let killed: Promise<unknown> | undefined;
    const queue = [...burst];
    // AT_ONCE members' tabs sending one after another; messaging is killed once a few sends were answered, so some
    // are in its hands when it dies and the rest find it gone.
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let message = queue.shift(); message; message = queue.shift()) {
          const status = await sendMessage(message).then(
            (response) => response.status,
            () => 0,
          );
          if (status !== 201) refused.push(message);
          answered += 1;
          if (answered === AT_ONCE - 1) killed = platform.messaging.process.stop('SIGKILL');
        }
      }),
    );
    await killed;
    expect(refused.length).toBeGreaterThan(0);

    await platform.restart('messaging');
    // The client retries what was refused with the same id, as the web's outbox does.
    for (const message of refused) {
      await waitFor(
        async () => (await sendMessage(message)).status === 201,
        20_000,
        `the send of "${message.content}"`,
      );
    }

    const thread = (await (
      await fetch(`${url}/api/messages/${writer.id}?limit=50`, { headers: { cookie: reader.cookie } })
    ).json()) as { message: { id: string; content: string } }[];
    const ids = thread.map(({ message }) => message.id);
    expect(ids.filter((id) => id !== first.id).sort()).toEqual(burst.map((message) => message.id).sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(await creditsOf(writer)).toBe(before - MESSAGE_COST * MESSAGES);
  });
}
