import type { Page } from 'playwright-core';
import { STEP_TIMEOUT_MS } from './harness.js';

export { toastWith } from './toast-log.js';

/**
 * Polls `check` until it holds; playwright-core has no web-first assertions, and fixed sleeps would be slow or flaky.
 * The budget (the browser step's, scaled for this machine) only ends a wait that is stuck.
 */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = STEP_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The path and query of the page's address, e.g. `/login` or `/?error=x`. */
export const addressOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Pauses the page's clock about now, so that a step the app delays on purpose (a redirect or reload timed at 2 s) can
 * be checked on the page's own time rather than the machine's: call it before the action that sets the app's timer
 * (the page's clock installed with `page.clock.install()` first), then `expectDelayedStep`. Paused before the timer
 * is set, the delay is measured from where the app starts it, however long the machine took to get there.
 * pauseAt takes an absolute time and refuses one in the past, and the page's time moves on between reading it and
 * pausing: aim a little ahead, and read again if it still slipped past.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 20);
      return;
    } catch (error) {
      if (!/past/.test((error as Error).message)) throw error;
    }
  }
}

/**
 * `until` for a page whose clock is paused (see pauseClock): between polls the page's time moves on 10 ms, so what the
 * app shows through its own timers (a toast) appears, while the page's time that passes from one step to the next
 * stays a few of those moves, however slow the machine.
 */
export async function untilOnPausedClock(page: Page, what: string, check: () => Promise<boolean>): Promise<void> {
  await until(what, async () => {
    if (await check()) return true;
    await page.clock.runFor(10);
    return false;
  });
}

/**
 * Moves the paused clock (see pauseClock) on `notBeforeMs`: the step must not have happened; then `byMs` in all: now
 * it must have. Then lets the page's time run again.
 */
export async function expectDelayedStep(
  page: Page,
  what: string,
  happened: () => boolean | Promise<boolean>,
  { notBeforeMs, byMs }: { notBeforeMs: number; byMs: number },
): Promise<void> {
  await page.clock.runFor(notBeforeMs);
  if (await happened()) throw new Error(`${what} happened before ${notBeforeMs} ms`);
  await page.clock.runFor(byMs - notBeforeMs);
  await until(what, happened);
  await page.clock.resume();
}

/**
 * Resolves once the page's Socket.IO connection has been accepted (the server's CONNECT packet, "40..."): from then
 * on pushes reach the page. Call it before the page loads the app.
 */
export function realtimeConnected(page: Page, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timed out after ${timeoutMs} ms waiting for the realtime connection`)),
      timeoutMs,
    );
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
