/**
 * Debian's Chromium, as every browser test drives it (browsers are never downloaded), and the one the run's browser
 * tests share: jest's globalSetup of the browser project (this file's default export) starts it before the first
 * browser test, and each test file connects to it and makes its own contexts. A Chromium per test file cost a launch
 * each and, with two workers, two browsers' memory on a 2-core machine. Jest loads this file on its own, outside the
 * tests' module mapping: it imports no file of the tree.
 */
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The app's code runs for seconds in each page at most: V8's optimizing compiler (TurboFan) cost the renderers more
  // than it saved (feed.e2e: 27.1 s of renderer CPU with it, 23.3 s without).
  '--js-flags=--max-opt=2',
];

export const chromiumInstalled = () => existsSync(CHROMIUM);

/** Where the shared Chromium listens; jest's workers inherit it from the process that ran the setup. */
export const SHARED_BROWSER_VARIABLE = 'TIP_E2E_BROWSER_ENDPOINT';

declare global {
  /** Kept for global-teardown.ts, which jest runs in the same process. */
  var sharedBrowser: BrowserServer | undefined;
}

export default async function startSharedBrowser(): Promise<void> {
  // Without it the browser tests skip and say why (harness.ts).
  if (!chromiumInstalled()) return;
  globalThis.sharedBrowser = await chromium.launchServer({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  process.env[SHARED_BROWSER_VARIABLE] = globalThis.sharedBrowser.wsEndpoint();
}
