import { expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { FIRST_LOAD_BUDGET, routeLoads, type BUDGETED_ROUTES } from '../build/first-load.js';
import { approveByApi } from './content.js';
import { ADMIN, describeE2E, useE2E } from './harness.js';
import { apiSession, newMember, registerMember, signedInUserId, signInByApi } from './members.js';

const e2e = useE2E();
const dist = fileURLToPath(new URL('../dist', import.meta.url));

interface Script {
  path: string;
  encoding: string | undefined;
  bytes: number;
}

/**
 * A first visit (a new context: empty cache, no service worker yet) to `/`, signed in or not: the scripts it loaded
 * until the page showed `ready` and the network fell quiet, each with its bytes over the wire.
 */
async function firstVisit(page: Page, ready: (page: Page) => Promise<void>): Promise<Script[]> {
  const scripts: Promise<Script>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => ({
        path: new URL(request.url()).pathname,
        encoding: (await request.response())?.headers()['content-encoding'],
        bytes: (await request.sizes()).responseBodySize,
      }))(),
    );
  });
  await page.goto('/');
  await ready(page);
  await page.waitForLoadState('networkidle');
  return Promise.all(scripts);
}

const expected = (route: (typeof BUDGETED_ROUTES)[number]) => {
  const load = routeLoads(dist).find((each) => each.route === route);
  if (!load) throw new Error(`web/build/first-load.ts names no route ${route}`);
  return load.files;
};

/** What the manifest says the route loads is what Chromium loaded, compressed, within the budget. */
function expectFirstLoad(scripts: Script[], route: (typeof BUDGETED_ROUTES)[number]) {
  expect(scripts.map((script) => script.path).sort()).toEqual([...expected(route)].sort());
  for (const script of scripts) expect([script.path, script.encoding]).toEqual([script.path, 'br']);
  expect(scripts.reduce((sum, script) => sum + script.bytes, 0)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
}

describeE2E('a first visit', () => {
  it('to the landing page loads the scripts first-load.ts counts, brotli-compressed, within 170 KB', async () => {
    const page = await e2e.newPage({ serviceWorkers: 'block' });
    const scripts = await firstVisit(page, (landing) => landing.getByRole('heading', { level: 1 }).waitFor());
    expectFirstLoad(scripts, '/ (visitor)');
  });

  it('to a member’s feed does the same', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const member = await registerMember(e2e.baseUrl, newMember('prima'));
    const page = await e2e.newPage({ serviceWorkers: 'block' });
    await signInByApi(page, member);
    await approveByApi(admin, page, await signedInUserId(page));
    // The composer shows for an approved member: its chunk is part of the feed's first load.
    const scripts = await firstVisit(page, (feed) => feed.getByTestId('post-composer').waitFor());
    expectFirstLoad(scripts, '/ (member)');
  });
});
