/**
 * The browser tests' world: the BUILT platform (services/embedded/dist/main.js, as `npm start` runs it) on a free
 * port with a throw-away DATA_DIR, one per test file, and the run's one headless Debian Chromium (shared-browser.ts).
 * Every test gets fresh browser contexts, so no cookie or storage leaks from one test into the next; members a test
 * needs only through the API get API sessions, which cost the browser nothing.
 */
import { afterAll, afterEach, beforeAll, describe, jest } from '@jest/globals';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIT_AT_ANY_LOAD,
  freePort,
  scaled,
  spawnNode,
  START_BUDGET_MS,
  waitUntilServing,
} from '@tip/platform/testing';
import {
  chromium,
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { CHROMIUM, chromiumInstalled, SHARED_BROWSER_VARIABLE } from './shared-browser.js';
import { TEST_FAILED } from './test-environment.js';
import { recordToasts } from './toast-log.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = join(ROOT, 'services/embedded/dist/main.js');
// The platform's stop (the kit scales it); the hooks' budget holds the start and more, scaled here for jest.
const STOP_TIMEOUT_MS = 10_000;
const SETUP_TIMEOUT_MS = scaled(START_BUDGET_MS + 30_000);
/**
 * How long a browser step may wait for the app (playwright's default timeout, and the waits' in waits.ts),
 * scaled for this machine: enough for what the services learn from each other's events (a new post reaching the
 * admins' queue...) on a loaded one. It ends a wait that is stuck; a step that is met goes on at once.
 */
export const STEP_TIMEOUT_MS = scaled(15_000);
/** A test's budget: a walk through several screens, on a machine that runs another suite's file beside it. */
const TEST_TIMEOUT_MS = scaled(90_000);

/** The admin that ADMIN_EMAIL and ADMIN_PASSWORD create at start-up. */
export const ADMIN = { email: 'admin@tip.test', password: 'admin-e2e-secret' } as const;

/**
 * Who calls the platform's API with a cookie jar of its own: a page (its context's cookies, shared with what the page
 * does) or an API session (E2E.newSession).
 */
export interface Session {
  readonly request: APIRequestContext;
}

export interface E2E {
  /** http://127.0.0.1:<port> of the running platform. */
  readonly baseUrl: string;
  readonly browser: Browser;
  /** A page in a new context (own cookies and storage) whose relative URLs resolve against the platform. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /**
   * A session with its own cookies that only calls the API, for members a test never looks at (an admin who
   * approves, a member who posts...): made in the test's process, no browser context. A fresh context that loads the
   * app costs Chromium about 2.8 s of CPU on a 2-core machine, one on about:blank 0.57 s.
   */
  newSession(options?: { userAgent?: string }): Promise<Session>;
}

export interface E2EOptions {
  /** More environment for the platform (GOOGLE_CLIENT_ID, PUBLIC_URL...), added to the clean one. */
  env?: () => Record<string, string>;
  /** Its port, when the file must know it before the start (for PUBLIC_URL); a free one otherwise. */
  port?: () => number;
}

/**
 * `describe` for browser tests: on a machine without Debian's Chromium they are skipped, and a line says why
 * (CI installs it, so there they always run).
 */
export const describeE2E: typeof describe.skip = chromiumInstalled() ? describe : skipWithoutChromium();

function skipWithoutChromium(): typeof describe.skip {
  process.stderr.write(`browser tests: SKIPPED, ${CHROMIUM} is not installed (apt-get install chromium)\n`);
  return describe.skip;
}

/**
 * Registers the hooks that start the platform and the browser before the file's tests and stop both after. The
 * options are functions because they are read when the platform starts: after the beforeAll hooks the file
 * registered before calling useE2E (one that starts a provider the platform is pointed at, say).
 */
export function useE2E(options: E2EOptions = {}): E2E {
  let platform: Platform | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const sessions: APIRequestContext[] = [];
  jest.setTimeout(TEST_TIMEOUT_MS);

  beforeAll(async () => {
    platform = await startPlatform(options.port?.() ?? (await freePort()), options.env?.() ?? {});
    browser = await connectToSharedBrowser();
  }, SETUP_TIMEOUT_MS);

  afterEach(async () => {
    if ((globalThis as Record<string, unknown>)[TEST_FAILED] === true) await printPages(contexts);
    await Promise.all([
      ...contexts.splice(0).map(closeWithin),
      ...sessions.splice(0).map((session) => session.dispose()),
    ]);
  });

  afterAll(async () => {
    // Disconnects: the browser stays for the other files.
    await browser?.close();
    await platform?.stop();
  }, SETUP_TIMEOUT_MS);

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the e2e platform is not running (did beforeAll fail?)');
    return value;
  };

  return {
    get baseUrl() {
      return started(platform).baseUrl;
    },
    get browser() {
      return started(browser);
    },
    async newPage(options = {}) {
      // The app's service worker would download the whole build into every fresh context, and answer requests
      // that tests route or count: it is off unless a test asks for it (installable.e2e.test.ts). Motion is reduced
      // as the app honours it for those who ask (index.css): nothing animates for ever (a spinner, a pulse), so the
      // browser draws no frames while nothing changes (feed.e2e and messages.e2e: 164 s of CPU, against 187 s).
      const context = await started(browser).newContext({
        baseURL: started(platform).baseUrl,
        serviceWorkers: 'block',
        reducedMotion: 'reduce',
        ...options,
      });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      contexts.push(context);
      recordTrouble(context);
      await recordToasts(context, STEP_TIMEOUT_MS);
      return context.newPage();
    },
    async newSession(options = {}) {
      const session = await request.newContext({
        baseURL: started(platform).baseUrl,
        timeout: STEP_TIMEOUT_MS,
        ...options,
      });
      sessions.push(session);
      return { request: session };
    },
  };
}

/** The last errors a context's pages logged or threw, and requests that failed, for printPages. */
const troubles = new WeakMap<BrowserContext, string[]>();
const TROUBLES_KEPT = 20;

function recordTrouble(context: BrowserContext): void {
  const kept: string[] = [];
  troubles.set(context, kept);
  const note = (line: string) => {
    kept.push(line);
    if (kept.length > TROUBLES_KEPT) kept.shift();
  };
  context.on('weberror', (error) => note(`uncaught: ${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() === 'error') note(`console: ${message.text()}`);
  });
  context.on('requestfailed', (failed) => note(`request failed: ${failed.url()} (${failed.failure()?.errorText})`));
  context.on('response', (response) => {
    if (response.status() >= 500) note(`${response.status()}: ${response.url()}`);
  });
}

/** After a failed test: where each of its pages was, what it showed, and what went wrong in it. */
async function printPages(contexts: BrowserContext[]): Promise<void> {
  const shown = async (page: Page) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('(no answer)'), 5_000)));
    const text = page
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 1500))
      .catch((error: unknown) => `(unreadable: ${String(error)})`);
    const outcome = await Promise.race([text, late]);
    clearTimeout(timer);
    return outcome;
  };
  const lines: string[] = [];
  for (const context of contexts) {
    for (const page of context.pages()) lines.push(`page at ${page.url()} showed: ${await shown(page)}`);
    for (const trouble of troubles.get(context) ?? []) lines.push(`  ${trouble}`);
  }
  if (lines.length > 0) process.stderr.write(`the failed test's pages:\n${lines.join('\n')}\n`);
}

/**
 * Closes a test's context, or leaves it to the browser's end after a step's budget: a context with a push
 * subscription once kept the shared browser's close waiting until jest's hook budget ended the file.
 */
async function closeWithin(context: BrowserContext): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STEP_TIMEOUT_MS)));
  const outcome = await Promise.race([context.close(), late]);
  clearTimeout(timer);
  if (outcome === 'late') process.stderr.write(`a browser context did not close within ${STEP_TIMEOUT_MS} ms\n`);
}

function connectToSharedBrowser(): Promise<Browser> {
  const endpoint = process.env[SHARED_BROWSER_VARIABLE];
  if (!endpoint)
    throw new Error(`${SHARED_BROWSER_VARIABLE} is unset: run the browser tests through jest's browser project`);
  return chromium.connect(endpoint);
}

interface Platform {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Every browser of a test comes from 127.0.0.1 and writes faster than people do (an approval is awaited by probing
 * likes every 50 ms, say): the BFF's write limits, tested in bff/src/http/write-limits.test.ts, are raised out of the
 * way, as the BFF's test stack does. A test file's `env` may set its own.
 */
const RAISED_WRITE_LIMITS = Object.fromEntries(
  ['MESSAGES', 'POSTS', 'COMMENTS', 'LIKES', 'REPORTS', 'PAYMENTS', 'ACCOUNT', 'STATUS', 'ADMIN'].flatMap((group) => [
    [`${group}_LIMIT_PER_MEMBER`, '100000'],
    [`${group}_LIMIT_PER_ADDRESS`, '100000'],
  ]),
);

async function startPlatform(port: number, env: Record<string, string>): Promise<Platform> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (node scripts/build.mjs)`);
  const dataDir = await mkdtemp(join(tmpdir(), 'tip-e2e-'));
  // A clean environment: no REDIS_URL, MONGO_URL, GOOGLE_CLIENT_ID... from the caller's shell, only embedded engines
  // and what the test file asks for.
  const platform = spawnNode(
    MAIN,
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // One process (npm start runs a worker per core by default): the suite's load stays what it was.
      WORKERS: '1',
      ...RAISED_WRITE_LIMITS,
      ...ADMIT_AT_ANY_LOAD,
      ...env,
    },
    { cwd: ROOT },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    // SIGTERM: the platform flushes its stores and exits (SIGKILL if it hangs).
    await platform.stop('SIGTERM', STOP_TIMEOUT_MS);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(`${baseUrl}/api/health`, platform);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
