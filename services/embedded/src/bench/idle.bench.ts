/**
 * `npm run bench`, the idle page's part: how many HTTP requests a signed-in member's open pages make in a minute of
 * doing nothing, with the realtime socket up (the target: none, docs/decisions.md#live-updates; pushes keep every list
 * fresh and the polling runs only while the socket is down). Through the whole embedded platform, in Debian's Chromium
 * (playwright-core): the feed in one tab and /messages with a conversation open in another, both in the member's
 * session. Skipped, saying why, without /usr/bin/chromium.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { startBuiltPlatform } from '../testing/built-platform.js';
import { approvedMember, call, json, signIn } from './members.js';
import { atMost, reportTarget } from '@tip/platform/bench';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const IDLE_S = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
/** The pages count as settled once they made no request for this long (their first loads done). */
const QUIET_MS = 2_000;
const SETTLE_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the page's Socket.IO connection is accepted (the server's CONNECT packet, "40..."). */
function realtimeConnected(page: Page): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no realtime connection within 20 s')), 20_000);
    page.on('websocket', (socket) => {
      if (!new URL(socket.url()).pathname.startsWith('/ws')) return;
      socket.on('framereceived', ({ payload }) => {
        if (!String(payload).startsWith('40')) return;
        clearTimeout(timer);
        resolve();
      });
    });
  });
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.log(`\nidle page: SKIPPED, ${CHROMIUM} is not installed (apt-get install chromium)`);
    return;
  }
  const platform = await startBuiltPlatform('idle-bench', {
    POST_APPROVAL: 'immediate',
    // The first messages are retried every 100 ms until messaging has heard of the approvals.
    MESSAGES_LIMIT_PER_MEMBER: '1000',
  });
  const { base } = platform;
  let browser: Browser | undefined;
  try {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#553377' } })
      .jpeg()
      .toBuffer();
    const admin = await signIn(base, platform.admin);
    const member = await approvedMember(base, admin, 'inattiva', photo, 10);
    const partner = await approvedMember(base, admin, 'corrispondente', photo, 10);
    // Something on screen: a post in the feed, a conversation with a message each way (messaging hears of the
    // approvals through identity's events, so the first send may need a moment).
    const post = new FormData();
    post.append('content', 'Un post per la pagina inattiva');
    post.append('category', 'trending');
    await call(base, '/api/posts', { method: 'POST', cookie: partner.cookie, body: post });
    for (const [from, to] of [
      [partner, member],
      [member, partner],
    ] as const) {
      const send = () =>
        call(base, '/api/messages', {
          method: 'POST',
          cookie: from.cookie,
          ...json({ id: randomUUID(), recipientId: to.id, content: 'Ciao!' }),
        });
      for (let attempt = 1; ; attempt++) {
        try {
          await send();
          break;
        } catch (error) {
          if (attempt >= 50) throw error;
          await sleep(100);
        }
      }
    }

    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ baseURL: base });
    const login = await context.request.post('/api/auth/login', {
      data: { email: 'inattiva@bench.tip', password: 'bench-password-1' },
    });
    if (!login.ok()) throw new Error(`signing in: ${login.status()}`);

    const requests: { at: number; page: string; method: string; path: string }[] = [];
    const framesSent: number[] = [];
    const open = async (name: string, path: string) => {
      const page = await context.newPage();
      page.on('request', (request) => {
        const url = new URL(request.url());
        requests.push({ at: Date.now(), page: name, method: request.method(), path: url.pathname + url.search });
      });
      page.on('websocket', (socket) => socket.on('framesent', () => framesSent.push(Date.now())));
      const connected = realtimeConnected(page);
      await page.goto(path);
      await connected;
      return page;
    };
    await open('feed', '/');
    await open('messages', `/messages?user=${encodeURIComponent(partner.id)}`);

    // Settled: no request for QUIET_MS (the first loads, the online report, the mark-read after 1 s).
    const settleBy = Date.now() + SETTLE_TIMEOUT_MS;
    while (Date.now() < settleBy && Date.now() - (requests.at(-1)?.at ?? 0) < QUIET_MS) await sleep(100);
    const loaded = requests.length;

    const from = Date.now();
    await sleep(IDLE_S * 1000);
    const idle = requests.filter((request) => request.at >= from);
    const frames = framesSent.filter((at) => at >= from).length;

    console.log(`\nidle page: a signed-in member's feed and /messages (a conversation open), socket up, ${IDLE_S} s`);
    console.log(`${loaded} HTTP requests while loading; ${frames} socket frames sent while idle (heartbeats)`);
    reportTarget('idle page', atMost(`HTTP requests while idle for ${IDLE_S} s`, idle.length, 0, ''));
    const counts = new Map<string, number>();
    for (const request of idle) {
      const key = `${request.page}: ${request.method} ${request.path}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${count} × ${key}`);
  } finally {
    await browser?.close();
    await platform.stop();
  }
}

await main();
