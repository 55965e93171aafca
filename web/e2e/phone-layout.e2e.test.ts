import { expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { scaled } from '@tip/platform/testing';
import { addCreditsByApi, approveByApi, createPostByApi } from './content.js';
import { ADMIN, useE2E, describeE2E } from './harness.js';
import { apiSession, newMember, registerMember, signedInUserId, signInByApi, verificationPhoto } from './members.js';
import { appText } from './texts.js';
import { until } from './waits.js';

// The walk through every screen signs up a few members from one address.
const e2e = useE2E({ env: () => ({ REGISTER_LIMIT_PER_ADDRESS: '100', LOGIN_LIMIT_PER_ADDRESS: '100' }) });
// The walk through every screen is one test.
jest.setTimeout(scaled(180_000));

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

/** The narrowest phone the layout is made for. */
const SMALL_PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
/**
 * The elements that stick out of the screen sideways, described for the failure message. Every element counts, also
 * one an ancestor clips: a conversation row wider than its card is cut off, not scrolled to, so the page itself does
 * not grow. Left out: what is not rendered or inert (the closed sidebar), what only screen readers read, decoration
 * hidden from assistive technology, and the contents of a container made to scroll sideways only (the admin console's
 * tabs).
 */
const wideElements = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Clipped to nothing: the visually-hidden way (Tailwind's sr-only) of writing for screen readers only.
    const forScreenReadersOnly = (style: CSSStyleDeclaration) => style.clipPath === 'inset(50%)';
    const scrollsSidewaysOnly = ({ overflowX, overflowY }: CSSStyleDeclaration) =>
      (overflowX === 'auto' || overflowX === 'scroll') && (overflowY === 'hidden' || overflowY === 'clip');
    const leftOut = (element: Element) => {
      if (forScreenReadersOnly(getComputedStyle(element))) return true;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (forScreenReadersOnly(style) || scrollsSidewaysOnly(style)) return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('[inert], [aria-hidden="true"]') || !element.checkVisibility({ visibilityProperty: true }))
        continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || (box.left > -1 && box.right < width + 1) || leftOut(element)) continue;
      const testId = element.getAttribute('data-testid');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      found.push(
        `<${element.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ''}> "${text}" ` +
          `from ${Math.round(box.left)} to ${Math.round(box.right)} px`,
      );
    }
    return found;
  });

/** Opens `path`, waits for what says the screen is ready, and answers what sticks out of a 360 px screen. */
async function tooWideOn(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  return { path, tooWide: await wideElements(page), overflow: await overflowX(page) };
}

const fits = (path: string) => ({ path, tooWide: [], overflow: 0 });
const shows = (testId: string) => (page: Page) => page.getByTestId(testId).first().waitFor();
const showsText = (text: string) => (page: Page) => page.getByText(text).first().waitFor();

/** Retries a call the services accept once an event has reached them (an approval, a new post), then answers it. */
async function once(what: string, call: () => Promise<{ ok(): boolean; status(): number }>) {
  let status = 0;
  await until(what, async () => {
    const response = await call();
    status = response.status();
    return response.ok();
  });
  return status;
}

describeE2E('every main screen on a 360 px phone', () => {
  it('fits the width: no element of any screen is wider than the screen', async () => {
    const admin = await e2e.newPage(SMALL_PHONE);
    await signInByApi(admin, ADMIN);

    // A member with everything a first week brings: a conversation with a long last message, a post in the feed with
    // a long link, a feedback, a report and a block; the console then has something in every tab.
    const member = await registerMember(e2e.baseUrl, newMember('schermo'));
    const page = await e2e.newPage(SMALL_PHONE);
    await signInByApi(page, member);
    const memberId = await signedInUserId(page);
    const other = await registerMember(e2e.baseUrl, { ...newMember('altroschermo'), gender: 'male' });
    const asOther = await apiSession(e2e, other);
    const otherId = await signedInUserId(asOther);
    const waiting = await registerMember(e2e.baseUrl, newMember('attesa'));
    const waitingPage = await e2e.newPage(SMALL_PHONE);
    await signInByApi(waitingPage, waiting);
    const waitingId = await signedInUserId(waitingPage);
    await addCreditsByApi(admin, memberId, 10);
    await approveByApi(admin, page, memberId);
    await approveByApi(admin, asOther, otherId);

    const published = await createPostByApi(asOther, {
      content: `Il mio locale preferito: https://www.example.com/${'percorso-lungo/'.repeat(6)}pagina.html`,
      category: 'melanzana',
      withPhoto: true,
    });
    await createPostByApi(asOther, { content: 'Un post che aspetta un moderatore', category: 'trending' });
    await once('the post is approved', () =>
      admin.request.patch(`/api/admin/posts/${published}/status`, { data: { status: 'approved', reason: '' } }),
    );
    const message = {
      id: randomUUID(),
      recipientId: otherId,
      content: 'Ciao! Ho visto il tuo annuncio e mi piacerebbe conoscerti meglio, quando sei libero questa settimana?',
    };
    await once('the message is sent', () => page.request.post('/api/messages', { data: message }));
    await once('the report is taken', () =>
      page.request.post(`/api/posts/${published}/report`, { data: { reason: 'spam', description: 'Pubblicità' } }),
    );
    await page.request.post('/api/feedback', { data: { type: 'improvement', message: 'Mi piace molto, grazie!' } });
    await page.request.post(`/api/users/${waitingId}/block`, { data: { reason: 'spam' } });

    const visitor = await e2e.newPage(SMALL_PHONE);
    const results = [
      await tooWideOn(visitor, '/', showsText('Registrati Gratis')),
      await tooWideOn(visitor, '/login', showsText('Bentornato')),
      await tooWideOn(visitor, '/register', (screen) => screen.getByLabel('Foto di verifica').waitFor()),
      await tooWideOn(visitor, '/checkout', showsText(appText('loginRequired.checkout.title'))),
      await tooWideOn(visitor, '/pagina-che-non-esiste', showsText('404 Page Not Found')),
      await tooWideOn(page, '/', shows('post-image')),
      await tooWideOn(page, '/messages', async (screen) => {
        // The row shows its time whole, and cuts the long last message with an ellipsis.
        const row = screen.getByTestId('conversation-row');
        expect(await row.locator('time').innerText()).toMatch(/^\d\d:\d\d [AP]M$/);
        const lastMessage = row.getByText(message.content);
        expect(
          await lastMessage.evaluate(
            (text) => getComputedStyle(text).textOverflow === 'ellipsis' && text.scrollWidth > text.clientWidth,
          ),
        ).toBe(true);
      }),
      await tooWideOn(page, `/messages?user=${otherId}`, shows('message')),
      await tooWideOn(page, '/profile', shows('transactions')),
      await tooWideOn(page, `/profile/${otherId}`, (screen) => screen.getByRole('heading', { level: 1 }).waitFor()),
      await tooWideOn(page, '/checkout', shows('package-10')),
      await tooWideOn(page, '/feedback', shows('feedback-form')),
      await tooWideOn(page, '/blocked-users', shows('blocked-user')),
      await tooWideOn(waitingPage, '/', showsText(appText('profile.pending.title'))),
      ...(await adminTabs(admin)),
    ];
    expect(results).toEqual(results.map(({ path }) => fits(path)));
  });
});

/** Every tab of the console, each once it shows what it lists. */
async function adminTabs(admin: Page) {
  const tabs = [
    ['overview', shows('stat-totalUsers')],
    ['pending-posts', shows('pending-post')],
    ['pending-users', shows('pending-user')],
    ['feedback', shows('feedback-item')],
    ['reports', shows('report-group')],
    ['users', shows('admin-member-card')],
    ['audit', shows('audit-entry')],
  ] as const;
  const results = [];
  for (const [tab, ready] of tabs) results.push(await tooWideOn(admin, `/admin?tab=${tab}`, ready));
  return results;
}
