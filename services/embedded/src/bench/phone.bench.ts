/**
 * `npm run bench`, the phone's part: the built app (`npm start`'s platform) in Debian's Chromium as a mid-range phone
 * sees it, through the DevTools protocol: 4x CPU slowdown (Emulation.setCPUThrottlingRate) and DevTools' 'Fast 4G'
 * network (Network.emulateNetworkConditions: 165 ms latency, 9 Mbit/s down, 1.5 Mbit/s up, each at 90% as DevTools
 * sets them), a 412x823 screen at 1.75x, touch.
 *
 * What it prints, the median of PHONE_RUNS runs (3 by default), each a first visit (a new browser context: empty
 * cache, no service worker):
 * - the landing page, as a visitor: largest contentful paint (target <= 2.5 s) and the script it loaded (bytes over
 *   the wire, compressed as the browser accepted);
 * - a member's feed (20 posts with photos by another member): the same, once the feed shows;
 * - interaction to next paint (target <= 200 ms) of tapping a post's like, and of opening a thread (tapping the
 *   conversation in Messages, whose thread then shows): the Event Timing API's duration for the tap's interaction
 *   (pointerdown to the paint after click), as web-vitals' INP counts it; below 16 ms the API reports nothing, and the
 *   bench says '< 16'.
 * The first visit is measured without the service worker: it registers after the first load, and caches for the
 * next.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { freePort, spawnNode, waitUntilServing, type NodeProcess } from '@tip/platform/processes';
import { ADMIN, approvedMember, call, json, signIn, type Session } from './members.js';
import { atMost, reportTarget } from '@tip/platform/bench';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const RUNS = Number(process.env.PHONE_RUNS ?? 3);
const POSTS = 20;
const LCP_TARGET_MS = 2500;
const INP_TARGET_MS = 200;
/** DevTools' 'Fast 4G' preset (front_end/core/sdk/NetworkManager.ts): throughput in bytes per second. */
const FAST_4G = {
  offline: false,
  latency: 60 * 2.75,
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};

/**
 * Page-side (the browser's JavaScript, not this process's): collects the page's largest contentful paints and its
 * Event Timing entries of interactions, from its start, into window.__perf.
 */
const OBSERVE_PERFORMANCE = `
  const perf = { lcp: 0, events: [] };
  window.__perf = perf;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) perf.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        perf.events.push({ interactionId: entry.interactionId, duration: entry.duration, startTime: entry.startTime });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

type Perf = { lcp: number; events: { interactionId: number; duration: number; startTime: number }[] };
const perfOf = (page: Page) => page.evaluate('window.__perf') as Promise<Perf>;

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Script bytes received (encoded) and how many scripts. */
  scripts: () => Promise<{ bytes: number; count: number }>;
}

/** A first visit's context on the phone: empty cache, throttled, observed; `signIn` puts a session in its cookies. */
async function phoneVisit(browser: Browser, base: string, credentials?: { email: string; password: string }) {
  const context = await browser.newContext({ ...PHONE, baseURL: base, serviceWorkers: 'block' });
  if (credentials) {
    const answer = await context.request.post('/api/auth/login', { data: credentials });
    if (!answer.ok()) throw new Error(`signing in ${credentials.email}: ${answer.status()}`);
  }
  await context.addInitScript({ content: OBSERVE_PERFORMANCE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((size) => size.responseBodySize));
  });
  const visit: Visit = {
    context,
    page,
    scripts: async () => {
      const bytes = await Promise.all(sizes);
      return { bytes: bytes.reduce((sum, each) => sum + each, 0), count: bytes.length };
    },
  };
  return visit;
}

/** The page's LCP once it has settled (no request for 500 ms). */
async function settledLcp(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return (await perfOf(page)).lcp;
}

/**
 * Taps `target` and waits for `done`; answers the tap's interaction to next paint: the longest Event Timing entry of
 * the interaction that began with it (null when every entry was under the API's 16 ms floor).
 */
async function tapInteraction(page: Page, tap: () => Promise<void>, done: () => Promise<unknown>) {
  const before = (await page.evaluate('performance.now()')) as number;
  await tap();
  await done();
  // Entries are reported after the paint that ends them: give the observer a moment.
  await page.waitForTimeout(1000);
  const { events } = await perfOf(page);
  const after = events.filter((entry) => entry.startTime >= before);
  const first = after[0];
  if (!first) return null;
  return Math.max(...after.filter((entry) => entry.interactionId === first.interactionId).map((e) => e.duration));
}

async function seed(base: string) {
  const admin = await signIn(base, ADMIN);
  const face = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
  const reader = await approvedMember(base, admin, 'lettrice', face, 50);
  const author = await approvedMember(base, admin, 'autrice', face, 50);
  for (let i = 0; i < POSTS; i++) {
    const photo = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: { r: 40 + i * 9, g: 120, b: 200 - i * 7 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const form = new FormData();
    form.append('content', `Post numero ${i}: due righe di testo come le scrivono i membri, con una foto.`);
    form.append('category', 'trending');
    form.append('media', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `foto-${i}.jpg`);
    await call(base, '/api/posts', { method: 'POST', body: form, cookie: author.cookie });
  }
  await call(base, '/api/messages', {
    method: 'POST',
    cookie: author.cookie,
    ...json({ recipientId: reader.id, content: 'Ciao! Ho visto il tuo profilo, ti va di scriverci?' }),
  });
  return { reader, readerCredentials: { email: 'lettrice@bench.tip', password: 'bench-password-1' } };
}

/** Waits until the reader's feed answers all the posts (content has heard of both members by then). */
async function untilFeedHasPosts(base: string, reader: Session) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const page = (await (await call(base, '/api/feed?limit=20', { cookie: reader.cookie })).json()) as unknown[];
    if (page.length === POSTS) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the reader's feed did not show the ${POSTS} posts within 30 s`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-phone-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let platform: NodeProcess | undefined;
  let browser: Browser | undefined;
  try {
    platform = spawnNode(join(root, 'services/embedded/dist/main.js'), {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      POST_APPROVAL: 'immediate',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      REGISTER_LIMIT_PER_ADDRESS: '1000',
      LOGIN_LIMIT_PER_ADDRESS: '1000',
      POSTS_LIMIT_PER_MEMBER: '1000',
      POSTS_LIMIT_PER_ADDRESS: '1000',
    });
    await waitUntilServing(`${base}/api/ready`, platform, 60_000);
    const { reader, readerCredentials } = await seed(base);
    await untilFeedHasPosts(base, reader);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });

    const runs = {
      landingLcp: [] as number[],
      landingJs: [] as number[],
      feedLcp: [] as number[],
      feedJs: [] as number[],
      like: [] as (number | null)[],
      thread: [] as (number | null)[],
    };
    const scriptCounts = { landing: 0, feed: 0 };
    for (let run = 0; run < RUNS; run++) {
      const landing = await phoneVisit(browser, base);
      await landing.page.goto('/');
      await landing.page.getByRole('heading', { level: 1 }).waitFor();
      runs.landingLcp.push(await settledLcp(landing.page));
      const landingScripts = await landing.scripts();
      runs.landingJs.push(landingScripts.bytes);
      scriptCounts.landing = landingScripts.count;
      await landing.context.close();

      const member = await phoneVisit(browser, base, readerCredentials);
      const { page } = member;
      await page.goto('/');
      await page.locator('[data-testid="post-card"]').first().waitFor();
      runs.feedLcp.push(await settledLcp(page));
      const feedScripts = await member.scripts();
      runs.feedJs.push(feedScripts.bytes);
      scriptCounts.feed = feedScripts.count;

      // A like on the first post whose like is off (each run likes another).
      const unliked = page.locator('button[aria-pressed="false"]');
      const card = page.locator('[data-testid="post-card"]').filter({ has: unliked }).first();
      const postId = await card.getAttribute('data-post-id');
      const like = card.locator('button[aria-pressed="false"]');
      const liked = page.locator(`[data-testid="post-card"][data-post-id="${postId}"] button[aria-pressed="true"]`);
      runs.like.push(
        await tapInteraction(
          page,
          () => like.tap(),
          () => liked.waitFor(),
        ),
      );

      // Opening the thread: Messages, then the conversation.
      await page.goto('/messages');
      const row = page.locator('[data-testid="conversation-row"]').first();
      await row.waitFor();
      await page.waitForLoadState('networkidle');
      runs.thread.push(
        await tapInteraction(
          page,
          () => row.tap(),
          () => page.locator('[data-testid="message"]').first().waitFor(),
        ),
      );
      await member.context.close();
    }

    // A tap whose every entry was under the API's 16 ms floor counts as 0 for the median: below any figure measured.
    const ms = (value: number | null) => (value === null ? '< 16' : value.toFixed(0));
    const middle = (values: (number | null)[]) => {
      const value = median(values.map((each) => each ?? 0));
      return value === 0 && values.includes(null) ? null : value;
    };
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `\nphone: ${CPU_SLOWDOWN}x CPU slowdown, Fast 4G (${FAST_4G.latency} ms, ${((FAST_4G.downloadThroughput * 8) / 1e6).toFixed(1)} Mbit/s down), ${PHONE.viewport.width}x${PHONE.viewport.height}; median of ${RUNS} first visits`,
    );
    console.log('case'.padEnd(50), 'median'.padStart(7), 'target'.padStart(7), '  runs');
    const row = (name: string, values: (number | null)[], target: number) => {
      console.log(
        name.padEnd(50),
        ms(middle(values)).padStart(7),
        String(target).padStart(7),
        ' ',
        values.map(ms).join(', '),
      );
      const value = middle(values);
      if (value !== null) reportTarget('phone', atMost(`${name}, median`, value, target, 'ms'));
    };
    row('landing page, largest contentful paint (ms)', runs.landingLcp, LCP_TARGET_MS);
    row("member's feed, largest contentful paint (ms)", runs.feedLcp, LCP_TARGET_MS);
    row('like, interaction to next paint (ms)', runs.like, INP_TARGET_MS);
    row('opening a thread, interaction to next paint (ms)', runs.thread, INP_TARGET_MS);
    console.log(
      `script over the wire: landing page ${kb(median(runs.landingJs))} in ${scriptCounts.landing} files, member's feed ${kb(median(runs.feedJs))} in ${scriptCounts.feed} files (budget 170 KB each)`,
    );
    for (const [page, bytes] of [
      ['landing page', runs.landingJs],
      ["member's feed", runs.feedJs],
    ] as const) {
      reportTarget('phone', atMost(`script over the wire, ${page}`, median(bytes) / 1024, 170, 'KB'));
    }
  } finally {
    await browser?.close();
    await platform?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
