import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDocumentStore, type DocumentStore } from '@tip/platform';
import { waitFor } from '@tip/platform/testing';
import { pino } from 'pino';
import { startSmtpCatcher, type SmtpCatcher } from '../testing/smtp-catcher.js';
import { MailQueue } from './mail-queue.js';
import { startMailSender, type MailSender } from './mail-sender.js';
import { smtpMailTransport, type MailTransport, type OutgoingMail } from './mail-transport.js';

const logger = pino({ level: 'silent' });
const FAST_RETRY = { firstDelayMs: 20, maxDelayMs: 100 };
const mailTo = (to: string): OutgoingMail => ({
  to,
  subject: 'Conferma',
  text: 'testo',
  html: '<p>testo</p>',
  link: 'http://tip.test/x',
});

let dataDir: string;
let store: DocumentStore;
const running: { stop(): Promise<void> }[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tip-mail-queue-'));
  store = await openDocumentStore({ dataDir, logger });
});
afterEach(async () => {
  for (const thing of running.splice(0).reverse()) await thing.stop();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

function start(queue: MailQueue, transport: MailTransport): MailSender {
  const sender = startMailSender({ queue, transport, logger, retry: FAST_RETRY });
  running.push(sender);
  return sender;
}

describe('the mail sender', () => {
  it('keeps a mail while the SMTP server is down and sends it once when the server is back', async () => {
    // A port that was just free: nothing listens there until the catcher starts on it.
    const probe = await startSmtpCatcher();
    const { port } = probe;
    await probe.stop();
    const queue = await MailQueue.open(store);
    const failures: number[] = [];
    const transport = smtpMailTransport({
      url: probe.url,
      from: 'no-reply@tip.test',
      tls: { rejectUnauthorized: false },
    });
    start(queue, {
      send: (mail, userId) =>
        transport.send(mail, userId).catch((error: unknown) => {
          failures.push(Date.now());
          throw error;
        }),
      forget: () => Promise.resolve(),
      close: () => transport.close(),
    });

    // Queuing is all a request does: it returns at once, whatever the server's state.
    await queue.enqueue('user-1', mailTo('anna@example.it'));
    await waitFor(() => failures.length >= 3, 5000, 'three failed tries');
    expect(await queue.nextDueAt()).toBeDefined();

    const catcher: SmtpCatcher = await startSmtpCatcher({ port });
    running.push(catcher);
    const mail = await catcher.nextTo('anna@example.it');
    expect(mail.subject).toBe('Conferma');
    await waitFor(async () => (await queue.nextDueAt()) === undefined, 5000, 'the queue to empty');
    expect(catcher.countTo('anna@example.it')).toBe(1);
  });

  it('sends each mail once when two processes share the queue', async () => {
    const sent: string[] = [];
    const memory = (): MailTransport => ({
      send: async (mail) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        sent.push(mail.to);
      },
      forget: () => Promise.resolve(),
      close: () => {},
    });
    const [first, second] = [await MailQueue.open(store), await MailQueue.open(store)];
    if (!first || !second) throw new Error('two queues');
    start(first, memory());
    start(second, memory());
    const addresses = Array.from({ length: 30 }, (_, i) => `m${i}@example.it`);
    await Promise.all(addresses.map((to, i) => (i % 2 ? first : second).enqueue(`user-${i}`, mailTo(to))));
    await waitFor(async () => (await first.nextDueAt()) === undefined, 5000, 'the queue to empty');
    expect(sent.sort()).toEqual([...addresses].sort());
  });

  it("forgets a deleted member's mails that had not gone yet", async () => {
    const queue = await MailQueue.open(store);
    await queue.enqueue('user-1', mailTo('anna@example.it'));
    await queue.enqueue('user-2', mailTo('bruno@example.it'));
    await queue.forget('user-1');
    const due = await queue.due(Date.now(), 10);
    expect(due.map((mail) => mail.to)).toEqual(['bruno@example.it']);
  });
});
