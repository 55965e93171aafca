import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { useE2E, describeE2E } from './harness.js';
import { newMember, registerMember, signInByApi, verificationPhoto } from './members.js';
import { until } from './waits.js';

const e2e = useE2E();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function memberOnPhone(path: string) {
  const member = await registerMember(e2e.baseUrl, newMember('telefono'));
  const page = await e2e.newPage(PHONE);
  await signInByApi(page, member);
  await page.goto(path);
  return { page, member };
}

/** Scrolls like a swipe would, and returns once the page has handled the scroll and painted what follows from it. */
const scrollTo = (page: Page, y: number) =>
  page.evaluate(async (top) => {
    const painted = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    window.scrollTo({ top, behavior: 'instant' });
    await painted();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await painted();
  }, y);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
/** How far the page is wider than the screen (0 when nothing sticks out sideways). */
const overflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describeE2E('the member layout on a 390 px phone', () => {
  it('opens the sidebar from the menu button and closes it on a tap outside', async () => {
    const { page, member } = await memberOnPhone('/profile');
    const menu = page.getByRole('button', { name: 'Apri menu' });
    const sidebar = page.locator('#app-sidebar');
    const sidebarLeft = async () => (await sidebar.boundingBox())?.x ?? Number.NaN;
    await menu.waitFor();
    expect(await sidebarLeft()).toBeLessThan(0);

    await menu.tap();
    await until('the sidebar has slid in', async () => (await sidebarLeft()) === 0);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await sidebar.getByRole('link', { name: 'Impostazioni' }).waitFor();
    await sidebar.getByText(`@${member.username}`).waitFor();
    // A member is no admin: no admin entry.
    expect(await sidebar.getByRole('link', { name: 'Amministrazione' }).count()).toBe(0);
    // While it is open the page behind does not scroll.
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    // A tap on the dimmed page, to the right of the 320 px panel.
    await page.touchscreen.tap(370, 600);
    await until('the sidebar has slid out', async () => (await sidebarLeft()) <= -300);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  it('hides the top bar when scrolling down past 80 px and brings it back on scrolling up', async () => {
    const { page } = await memberOnPhone('/profile');
    const topBar = page.getByRole('banner');
    const topBarBottom = async () => {
      const box = await topBar.boundingBox();
      return box ? box.y + box.height : Number.NaN;
    };
    await page.getByRole('heading', { name: 'Account in attesa di approvazione' }).waitFor();
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeGreaterThan(844 + 600);

    await scrollTo(page, 60);
    // Not past 80 px yet: the bar stays.
    expect(await topBar.getAttribute('data-hidden')).toBe('false');

    await scrollTo(page, 500);
    await until('the top bar is out of view', async () => (await topBarBottom()) <= 0);
    expect(await topBar.getAttribute('data-hidden')).toBe('true');

    await scrollTo(page, 420);
    await until('the top bar is back', async () => (await topBar.boundingBox())?.y === 0);
    expect(await topBar.getAttribute('data-hidden')).toBe('false');

    // Far down the page, the floating button takes the member back to the top.
    await scrollTo(page, 1_200);
    const backToTop = page.getByRole('button', { name: 'Torna su' });
    await until('the back-to-top button shows', () => backToTop.isVisible());
    await backToTop.tap();
    await until('the page is back at the top', async () => (await scrollY(page)) === 0);
    await until('the top bar is in view', async () => (await topBar.boundingBox())?.y === 0);
  });

  it('fits every screen in the width, a long photo file name included', async () => {
    const { page } = await memberOnPhone('/profile');
    await page.getByRole('heading', { name: 'Account in attesa di approvazione' }).waitFor();
    expect({ path: '/profile', overflow: await overflowX(page) }).toEqual({ path: '/profile', overflow: 0 });

    const visitor = await e2e.newPage(PHONE);
    for (const [path, ready] of [
      ['/', 'Registrati Gratis'],
      ['/login', 'Bentornato'],
      ['/pagina-che-non-esiste', '404 Page Not Found'],
    ] as const) {
      await visitor.goto(path);
      await visitor.getByText(ready).first().waitFor();
      expect({ path, overflow: await overflowX(visitor) }).toEqual({ path, overflow: 0 });
    }
    await visitor.goto('/register');
    const longName = `la-mia-foto-di-verifica-con-un-nome-davvero-molto-lungo-${'x'.repeat(40)}.jpg`;
    await visitor.getByLabel('Foto di verifica').setInputFiles(await verificationPhoto(longName));
    await visitor.getByText(longName).waitFor();
    expect({ path: '/register', overflow: await overflowX(visitor) }).toEqual({ path: '/register', overflow: 0 });
  });
});
