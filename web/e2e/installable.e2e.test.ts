import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describeE2E, useE2E } from './harness.js';
import { newMember, registerMember, signInByApi } from './members.js';
import { appText } from './texts.js';
import { until } from './waits.js';

const BUILD = fileURLToPath(new URL('../dist/', import.meta.url));

// The platform serves a copy of the build, which a test replaces with a next release while a page is open.
let served = '';
beforeAll(async () => {
  served = await mkdtemp(join(tmpdir(), 'tip-web-'));
  await cp(BUILD, served, { recursive: true });
});
afterAll(() => rm(served, { recursive: true, force: true }));

const e2e = useE2E({ env: () => ({ WEB_DIST: served }) });
const withServiceWorker = { serviceWorkers: 'allow' } as const;

/**
 * Releases a new build the way a deploy does: a changed index.html, and a service worker whose precache list names
 * its new revision (so the worker's script changes too). Answers the marker the new index.html carries.
 */
async function releaseNextVersion(): Promise<string> {
  const marker = `release-${Date.now()}`;
  const index = (await readFile(join(served, 'index.html'), 'utf8')).replace(
    '<title>',
    `<meta name="tip-release" content="${marker}" />\n    <title>`,
  );
  const revision = createHash('md5').update(index).digest('hex');
  const worker = await readFile(join(served, 'sw.js'), 'utf8');
  const nextWorker = worker.replace(/(url:"index\.html",revision:")[0-9a-f]+"/, `$1${revision}"`);
  if (nextWorker === worker) throw new Error('sw.js precaches no index.html revision to replace');
  // As a build writes them: each with its brotli and gzip copies beside it, which the BFF sends browsers.
  for (const [file, content] of [
    ['index.html', index],
    ['sw.js', nextWorker],
  ] as const) {
    await writeFile(join(served, file), content);
    await writeFile(join(served, `${file}.br`), brotliCompressSync(content));
    await writeFile(join(served, `${file}.gz`), gzipSync(content));
  }
  return marker;
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** Once the service worker has taken charge of the page (it claims the pages open when it activates). */
async function controlledByServiceWorker(page: Page) {
  // Waited for within the step's budget: `serviceWorker.ready` in the page would wait for ever should it not install.
  await until('the service worker controls the page', () =>
    page.evaluate(() => navigator.serviceWorker.controller !== null),
  );
}

/** Every address the page's origin holds in Cache Storage, by cache. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const byCache: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      byCache[name] = requests.map((request) => new URL(request.url).pathname);
    }
    return byCache;
  });

describeE2E('the installable app', () => {
  it('links a manifest that names Tip, opens standalone at / and carries 192, 512 and maskable icons', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await page.request.get(href ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Tip',
      short_name: 'Tip',
      start_url: '/',
      display: 'standalone',
      theme_color: await page.locator('meta[name="theme-color"]').getAttribute('content'),
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

    const icons = await Promise.all(
      manifest.icons.map(async (icon) => {
        const file = await page.request.get(icon.src);
        const { width, height, format } = await sharp(await file.body()).metadata();
        return {
          purpose: icon.purpose,
          sizes: icon.sizes,
          type: file.headers()['content-type'],
          format,
          width,
          height,
        };
      }),
    );
    const png = (purpose: string, size: number) => ({
      purpose,
      sizes: `${size}x${size}`,
      type: 'image/png',
      format: 'png',
      width: size,
      height: size,
    });
    expect(icons).toEqual(expect.arrayContaining([png('any', 192), png('any', 512), png('maskable', 512)]));
  });

  it('caches the app shell and no API answer, and starts again from it with the network gone', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('installa'));
    const page = await e2e.newPage(withServiceWorker);
    await signInByApi(page, member);
    await page.goto('/');
    await controlledByServiceWorker(page);
    // The member's screens, whose every answer went through the worker now in charge.
    await page.goto('/profile');
    await page.getByRole('heading', { name: appText('profile.pending.title') }).waitFor();
    await page.goto('/');

    const shell = await page.evaluate(() => [
      ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => script.src),
      ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="modulepreload"]')].map(
        (link) => link.href,
      ),
    ]);
    const cached = Object.values(await cachedPaths(page)).flat();
    expect(cached).toEqual(
      expect.arrayContaining(['/index.html', ...shell.map((url) => new URL(url).pathname), '/icons/icon-192.png']),
    );
    expect(cached.filter((path) => /^\/(api|ws|media|uploads)(\/|$)/.test(path))).toEqual([]);

    // Without the network, the page and its scripts, styles and texts come from the worker's cache: the app runs
    // (and waits for the member's data, which only the network has).
    await page.context().setOffline(true);
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByRole('status').getByText(appText('common.loading')).waitFor();
  });

  it('picks a new release up on the next visit, without a hard reload, and drops the old shell', async () => {
    const page = await e2e.newPage(withServiceWorker);
    await page.goto('/');
    await controlledByServiceWorker(page);
    const precachedIndex = () =>
      page.evaluate(async () => {
        const found = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys())
            if (new URL(request.url).pathname === '/index.html')
              found.push(await (await caches.open(name)).match(request).then((answer) => answer?.text()));
        return found;
      });
    expect(await precachedIndex()).toHaveLength(1);

    const marker = await releaseNextVersion();
    // An ordinary visit (a link, the address typed again): the page comes from the network, not from the cache.
    await page.goto('/');
    expect(await page.locator('meta[name="tip-release"]').getAttribute('content')).toBe(marker);
    // The browser looks for a new worker at that visit; it installs, takes the page over at once and keeps the new
    // shell only, for the next visit without a network.
    await until('the new release is the only shell in the cache', async () => {
      const shells = await precachedIndex();
      return shells.length === 1 && (shells[0] ?? '').includes(marker);
    });
    await controlledByServiceWorker(page);
  });
});
