/**
 * Every toast a test's page shows, as the page saw it. A toast stays 5 s (Radix's default), and on a loaded machine a
 * browser step that polls the page for it can miss all of them: the page itself tells this log of each toast it
 * inserts and removes (a MutationObserver installed before the app's scripts, through a binding), so a test asks
 * whether a toast was shown, not whether it is still on screen when the test gets to look. The app is unchanged.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';

const BINDING = '__tipToastLog';
const TOAST = '[data-slot="toast"]';

type PageEvent =
  { kind: 'document' } | { kind: 'shown'; id: number; text: string; innerText: string } | { kind: 'gone'; id: number };

interface Entry {
  /** Its text as Playwright's hasText reads it (textContent, whitespace collapsed). */
  readonly text: string;
  readonly innerText: string;
  showing: boolean;
  /** A test waited for it (toastWith's waitFor): it no longer answers a later wait once off screen. */
  claimed: boolean;
}

class ToastLog {
  readonly entries: Entry[] = [];
  private showingById = new Map<number, Entry>();
  private readonly waiters = new Set<() => void>();

  constructor(readonly timeoutMs: number) {}

  record(event: PageEvent) {
    if (event.kind === 'document') {
      // A new document: the last one's toasts went with it.
      for (const entry of this.showingById.values()) entry.showing = false;
      this.showingById = new Map();
    } else if (event.kind === 'shown') {
      const entry: Entry = { text: collapse(event.text), innerText: event.innerText, showing: true, claimed: false };
      this.entries.push(entry);
      this.showingById.set(event.id, entry);
    } else {
      const entry = this.showingById.get(event.id);
      if (entry) entry.showing = false;
      this.showingById.delete(event.id);
    }
    for (const wake of this.waiters) wake();
  }

  /** Resolves when `holds` does, checked at once and after each event; rejects after the log's timeout. */
  async until(what: string, holds: () => boolean): Promise<void> {
    if (holds()) return;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      const check = () => {
        if (!holds()) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out after ${this.timeoutMs} ms waiting for ${what}`));
      }, this.timeoutMs);
      this.waiters.add(check);
    });
  }
}

const logs = new WeakMap<Page, ToastLog>();

/**
 * Keeps the log of every page of `context`, from its first document on; call it before the context opens a page.
 * Waits for a toast end after `timeoutMs`.
 */
export async function recordToasts(context: BrowserContext, timeoutMs: number): Promise<void> {
  context.on('page', (page) => logs.set(page, new ToastLog(timeoutMs)));
  await context.exposeBinding(BINDING, ({ page }, event: PageEvent) => logs.get(page)?.record(event));
  await context.addInitScript(observeToasts, { binding: BINDING, selector: TOAST });
}

/** Runs in each document before the app: tells the binding of each toast put in the page and taken out. */
function observeToasts({ binding, selector }: { binding: string; selector: string }) {
  // Toasts are the top document's; a frame's document would otherwise end the top one's toasts.
  if (window !== window.top) return;
  const tell = (event: unknown) =>
    void (window as unknown as Record<string, (event: unknown) => Promise<void>>)[binding]?.(event);
  const ids = new WeakMap<Element, number>();
  let nextId = 1;
  const toastsIn = (node: Node): Element[] =>
    node instanceof Element ? [...(node.matches(selector) ? [node] : []), ...node.querySelectorAll(selector)] : [];
  tell({ kind: 'document' });
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.removedNodes)
        for (const toast of toastsIn(node)) {
          const id = ids.get(toast);
          if (id !== undefined && !toast.isConnected) tell({ kind: 'gone', id });
        }
      for (const node of mutation.addedNodes)
        for (const toast of toastsIn(node)) {
          if (ids.has(toast)) continue;
          const id = nextId++;
          ids.set(toast, id);
          const text = toast.textContent ?? '';
          tell({ kind: 'shown', id, text, innerText: (toast as HTMLElement).innerText });
        }
    }
  }).observe(document, { childList: true, subtree: true });
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The toasts showing `text` (in the title or the description; a substring, whatever the case, as Playwright's
 * hasText): one that is on screen, or one shown since the page opened that no earlier wait took. A wait takes the
 * toasts it found, so the next wait for the same text needs a new toast, or one still on screen (the app shows a
 * message again only once the first has gone).
 */
export interface ToastsShown {
  /** Until such a toast has been shown; takes those shown so far. */
  waitFor(): Promise<void>;
  /** The newest one's text as the page rendered it, after waitFor (waited for here otherwise). */
  innerText(): Promise<string>;
  /** How many: with no wait before, those on screen or shown since the page opened and not waited for. */
  count(): Promise<number>;
  /** The toast on screen now, to measure where it is. */
  readonly onScreen: Locator;
}

export function toastWith(page: Page, text: string): ToastsShown {
  const log = logs.get(page);
  if (!log) throw new Error('no toast log for this page: open it with the harness (e2e.newPage)');
  const wanted = collapse(text).toLowerCase();
  const taken: Entry[] = [];
  const matching = () =>
    log.entries.filter(
      (entry) =>
        (taken.includes(entry) || entry.showing || !entry.claimed) && entry.text.toLowerCase().includes(wanted),
    );
  const waitFor = async () => {
    await log.until(`a toast with '${text}'`, () => matching().length > 0);
    for (const entry of matching()) {
      entry.claimed = true;
      if (!taken.includes(entry)) taken.push(entry);
    }
  };
  return {
    waitFor,
    async innerText() {
      if (taken.length === 0) await waitFor();
      return taken.at(-1)?.innerText ?? '';
    },
    count: async () => matching().length,
    onScreen: page.locator(TOAST, { hasText: text }),
  };
}
