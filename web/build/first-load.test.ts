import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { BUDGETED_ROUTES, FIRST_LOAD_BUDGET, routeLoads, routeTable } from './first-load';

// The build `npm test` made before running (scripts/build.mjs): its manifest says what each route loads.
const dist = fileURLToPath(new URL('../dist', import.meta.url));

describe('the first-load budget', () => {
  const loads = routeLoads(dist);

  it.each(BUDGETED_ROUTES)('%s loads at most 170 KB of compressed script on a first visit', (route) => {
    const brotli = loads.find((each) => each.route === route)?.size.brotli ?? Infinity;
    if (brotli > FIRST_LOAD_BUDGET) console.log(routeTable(loads));
    expect(brotli).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });

  it('counts every route’s entry, language and screen', () => {
    for (const { route, files, size } of loads) {
      expect(files.length).toBeGreaterThan(2);
      expect(size.brotli).toBeLessThan(size.gzip);
      expect(size.gzip).toBeLessThan(size.raw);
      expect(files.some((file) => /\/it-[\w-]+\.js$/.test(file))).toBe(true);
      expect(route).toBeTruthy();
    }
  });

  it('loads one language’s texts, not five', () => {
    for (const { files } of loads)
      expect(files.filter((file) => /\/(it|en|es|fr|de)-[\w-]+\.js$/.test(file))).toHaveLength(1);
  });

  it('keeps the member’s screens, the admin console and the checkout out of the landing page', () => {
    const landing = new Set(loads.find((each) => each.route === '/ (visitor)')?.files);
    for (const route of ['/ (member)', '/admin', '/checkout']) {
      const own = loads.find((each) => each.route === route)?.files.filter((file) => !landing.has(file)) ?? [];
      expect(own.length).toBeGreaterThan(0);
    }
  });
});
