/**
 * `npm run bench`, history's part: does the embedded platform's memory and start-up stay flat as a community's
 * history grows? 1,000,000 paid messages, each with its ledger debit, its two events (MessageSent, CreditsDebited)
 * and moderation's record of it, are seeded straight into the stores while the platform is stopped (going through
 * the API would take hours and measure the same writes); then the platform starts on them and its resident memory
 * and start-up are compared with the same platform on the same members without the history.
 *
 * Members are real (registered and approved through the API), and one real message makes every consumer group
 * commit an offset on the topics; the seeded events count as consumed (the offsets move past them), as they would
 * be after a community's years.
 */
import { SqliteDocumentStore, SqliteEventLog } from '@tip/platform';
import { freePort, spawnNode, waitUntilServing, type NodeProcess } from '@tip/platform/processes';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { residentMb } from './measure.js';
import { ADMIN, approvedMember, call, json, signIn, type Session } from './members.js';
import { atMost, reportTarget, under } from '@tip/platform/bench';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const MESSAGES = Number(process.env.HISTORY_MESSAGES ?? 1_000_000);
const MEMBERS = 20;
/** Rows written per transaction while seeding. */
const BATCH = 20_000;

async function platform(dataDir: string, port: number): Promise<{ running: NodeProcess; startMs: number }> {
  const started = Date.now();
  const running = spawnNode(join(root, 'services/embedded/dist/main.js'), {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    REGISTER_LIMIT_PER_ADDRESS: '1000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await waitUntilServing(`http://127.0.0.1:${port}/api/health`, running, 120_000);
  return { running, startMs: Date.now() - started };
}

/** Resident memory once the platform has settled after start-up, and what a member's inbox costs to read. */
async function settled(base: string, running: NodeProcess, member: Session) {
  const inbox = performance.now();
  await call(base, '/api/messages/conversations', { cookie: member.cookie });
  const inboxMs = performance.now() - inbox;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return { rssMb: residentMb(running.child.pid ?? 0), inboxMs };
}

function sizeMb(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return bytes / 1024 / 1024;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** The messages, as messaging, the wallet and moderation store them, and their events in the log. */
async function seed(dataDir: string, members: Session[]): Promise<void> {
  const messaging = await SqliteDocumentStore.open(join(dataDir, 'messaging'));
  const wallet = await SqliteDocumentStore.open(join(dataDir, 'wallet'));
  const moderation = await SqliteDocumentStore.open(join(dataDir, 'moderation'));
  const log = await SqliteEventLog.open(dataDir);
  const insert = (store: SqliteDocumentStore, table: string) =>
    store.db.prepare(`INSERT INTO "${table}" (id, doc) VALUES (?, jsonb(?))`);
  const message = insert(messaging, 'messages');
  const conversation = messaging.db.prepare(`INSERT OR IGNORE INTO conversations (id, doc) VALUES (?, jsonb(?))`);
  const entry = insert(wallet, 'ledger_entries');
  const account = insert(wallet, 'ledger_accounts');
  const counted = insert(moderation, 'moderation_messages');
  const event = log.db.prepare('INSERT INTO events (topic, key, published_at, envelope) VALUES (?, ?, ?, ?)');

  // Each sender pays from its account (opened when it was credited through the API), funded with what its messages
  // cost.
  const opened = new Map(
    (
      wallet.db
        .prepare(
          `SELECT a.id, a.doc ->> '$.userId' AS userId, max(e.doc ->> '$.sequence') AS sequence,
                  (SELECT doc ->> '$.balanceAfter' FROM ledger_entries WHERE doc ->> '$.accountId' = a.id
                   ORDER BY doc ->> '$.sequence' DESC LIMIT 1) AS balance
           FROM ledger_accounts AS a JOIN ledger_entries AS e ON e.doc ->> '$.accountId' = a.id GROUP BY a.id`,
        )
        .all() as { id: string; userId: string; sequence: number; balance: number }[]
    ).map((row) => [row.userId, row]),
  );
  const accounts = members.map(
    (member) => opened.get(member.id) ?? { id: randomUUID(), userId: member.id, sequence: 0, balance: 0 },
  );
  const perSender = Math.ceil(MESSAGES / members.length) * 2;
  const start = Date.parse('2024-01-01T00:00:00.000Z');
  const addEntry = (ledger: (typeof accounts)[number], amount: number, kind: string, reference: object, at: string) => {
    ledger.sequence += 1;
    ledger.balance += amount;
    const id = `${ledger.id}:${ledger.sequence}`;
    const doc = {
      id,
      accountId: ledger.id,
      sequence: ledger.sequence,
      amount,
      balanceAfter: ledger.balance,
      kind,
      reference,
      keyHash: hash(`${ledger.id}:${id}`),
      requestHash: hash(id),
      createdAt: at,
    };
    entry.run(id, JSON.stringify(doc));
    return doc;
  };
  wallet.db.transaction(() => {
    for (const ledger of accounts) {
      if (!opened.has(ledger.userId)) {
        account.run(ledger.id, JSON.stringify({ userId: ledger.userId, openedAt: new Date(start).toISOString() }));
      }
      addEntry(ledger, perSender, 'admin_adjustment', { type: 'admin', id: 'bench' }, new Date(start).toISOString());
    }
  })();

  for (let first = 0; first < MESSAGES; first += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, MESSAGES - first) }, (_, i) => first + i);
    const sent = rows.map((n) => {
      const sender = n % members.length;
      const recipient = (sender + 1 + (Math.floor(n / members.length) % (members.length - 1))) % members.length;
      const [a, b] = [members[sender]?.id ?? '', members[recipient]?.id ?? ''];
      return {
        n,
        id: randomUUID(),
        sender,
        senderId: a,
        recipientId: b,
        conversation: a < b ? `${a}:${b}` : `${b}:${a}`,
        at: new Date(start + n * 1000).toISOString(),
      };
    });
    messaging.db.transaction(() => {
      for (const m of sent) {
        const doc = {
          conversation: m.conversation,
          senderId: m.senderId,
          recipientId: m.recipientId,
          content: `Messaggio numero ${m.n}: ciao, come va? Ci vediamo stasera?`,
          status: 'sent',
          createdAt: m.at,
        };
        message.run(m.id, JSON.stringify(doc));
        conversation.run(m.conversation, JSON.stringify({ participants: [m.senderId, m.recipientId], readUpTo: {} }));
      }
    })();
    const debits = wallet.db.transaction(() =>
      sent.map((m) =>
        addEntry(accounts[m.sender] as (typeof accounts)[number], -2, 'debit', { type: 'message', id: m.id }, m.at),
      ),
    )();
    moderation.db.transaction(() => {
      for (const m of sent) counted.run(m.id, '{}');
    })();
    log.db.transaction(() => {
      sent.forEach((m, i) => {
        const debit = debits[i] as ReturnType<typeof addEntry>;
        const at = Date.parse(m.at);
        const envelope = (type: string, key: string, payload: object) =>
          JSON.stringify({ id: randomUUID(), type, version: 1, occurredAt: m.at, key, correlationId: m.id, payload });
        event.run(
          'messaging.messages',
          m.conversation,
          at,
          envelope('MessageSent', m.conversation, {
            messageId: m.id,
            conversation: m.conversation,
            senderId: m.senderId,
            recipientId: m.recipientId,
            sentAt: m.at,
          }),
        );
        event.run(
          'wallet.ledger',
          debit.accountId,
          at,
          envelope('CreditsDebited', debit.accountId, {
            accountId: debit.accountId,
            userId: m.senderId,
            entryId: debit.id,
            sequence: debit.sequence,
            amount: debit.amount,
            balanceAfter: debit.balanceAfter,
            reference: debit.reference,
            occurredAt: m.at,
          }),
        );
      });
    })();
  }
  // Consumed long ago: every group's position moves past the seeded events.
  log.db.prepare('UPDATE offsets SET seq = (SELECT max(seq) FROM events)').run();
  await Promise.all([messaging.close(), wallet.close(), moderation.close(), log.close()]);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-history-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  try {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#335577' } })
      .jpeg()
      .toBuffer();
    let { running } = await platform(dataDir, port);
    const admin = await signIn(base, ADMIN);
    const members: Session[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await approvedMember(base, admin, `storico${i}`, photo, 10));
    const [first, second] = members as [Session, Session];
    // One real message: every group that follows the topics commits a position on them.
    await call(base, '/api/messages', {
      method: 'POST',
      cookie: first.cookie,
      ...json({ id: randomUUID(), recipientId: second.id, content: 'Il primo messaggio' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await running.stop();

    // The platform on the same members, before the history: the baseline.
    let started = await platform(dataDir, port);
    const empty = {
      ...(await settled(base, started.running, first)),
      startMs: started.startMs,
      sizeMb: sizeMb(dataDir),
    };
    await started.running.stop();

    const seeding = Date.now();
    await seed(dataDir, members);
    const seededS = (Date.now() - seeding) / 1000;

    started = await platform(dataDir, port);
    running = started.running;
    const full = { ...(await settled(base, running, first)), startMs: started.startMs, sizeMb: sizeMb(dataDir) };
    const thread = performance.now();
    await call(base, `/api/messages/${second.id}`, { cookie: first.cookie });
    const threadMs = performance.now() - thread;
    await running.stop();

    console.log(
      `\nhistory: ${MESSAGES.toLocaleString('en')} messages between ${MEMBERS} members (seeded in ${seededS.toFixed(0)} s)`,
    );
    console.log(
      'case'.padEnd(26),
      'RSS MB'.padStart(8),
      'start ms'.padStart(9),
      'inbox ms'.padStart(9),
      'data MB'.padStart(9),
    );
    for (const [name, figures] of [
      ['without the history', empty],
      ['with the history', full],
    ] as const) {
      console.log(
        name.padEnd(26),
        figures.rssMb.toFixed(0).padStart(8),
        String(figures.startMs).padStart(9),
        figures.inboxMs.toFixed(1).padStart(9),
        figures.sizeMb.toFixed(0).padStart(9),
      );
    }
    console.log(`a thread's page read in ${threadMs.toFixed(1)} ms`);
    reportTarget('history', atMost('memory for the history', full.rssMb - empty.rssMb, 60, 'MB'));
    reportTarget('history', under('start-up with the history', full.startMs, 3000, 'ms'));
  } finally {
    // HISTORY_KEEP=1 keeps the data directory, to look into it (sqlite3 ..., EXPLAIN QUERY PLAN).
    if (process.env.HISTORY_KEEP) console.log(`data directory kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
