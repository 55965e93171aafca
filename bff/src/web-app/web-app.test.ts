import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
let dist: string;
const INDEX = '<!doctype html><html lang="it"><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'tip-web-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  stack = await startStack({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await stack.stop();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${stack.url}${path}`, { redirect: 'manual' });

describe('the built web app', () => {
  it('serves hashed assets for a year, immutable', async () => {
    const response = await get('/assets/index-3f9a1c.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("app")');
  });

  it('serves index.html and other files revalidated', async () => {
    for (const path of ['/', '/favicon.svg']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    expect(await (await get('/')).text()).toBe(INDEX);
  });

  it("answers the client router's paths with index.html", async () => {
    for (const path of ['/login', '/profile/abc', '/google-profile-setup?x=1', '/no/such/page']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('does not answer missing assets or API paths with the page', async () => {
    expect((await get('/assets/gone-123.js')).status).toBe(404);
    const api = await get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('sends a content security policy the app runs under', async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
