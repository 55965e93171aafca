import type { Locator, Page } from 'playwright-core';
import { STEP_TIMEOUT_MS } from './harness.js';

/** Polls `check` until it holds; playwright-core has no web-first assertions, and fixed sleeps would be slow or flaky. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = STEP_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The toast that shows `text` (in its title or description). */
export const toastWith = (page: Page, text: string): Locator => page.locator('[data-slot="toast"]', { hasText: text });

/** The path and query of the page's address, e.g. `/login` or `/?error=x`. */
export const addressOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
