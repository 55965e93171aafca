import { expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { scaled } from '@tip/platform/testing';
import { expectAccessible } from './accessibility.js';
import {
  addCreditsByApi,
  approveByApi,
  approveForMessaging,
  createPostByApi,
  decidePostByApi,
  grantPremiumByApi,
} from './content.js';
import { ADMIN, describeE2E, useE2E } from './harness.js';
import { apiSession, newMember, registerMember, signedInUserId, signInByApi, type Member } from './members.js';
import { appText, type Language } from './texts.js';
import { until } from './waits.js';

// The walk signs up a few members from one address.
const e2e = useE2E({ env: () => ({ REGISTER_LIMIT_PER_ADDRESS: '100', LOGIN_LIMIT_PER_ADDRESS: '100' }) });
// A walk runs axe on a dozen screens.
jest.setTimeout(scaled(120_000));

const VIEWPORTS: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

interface World {
  /** Approved, with credits, a conversation with the author and a report of one of the author's posts. */
  reader: Member;
  /** Approved and premium: a post with a photo, a premium one and one still waiting for a moderator. */
  author: Member & { id: string };
  /** Registered, not yet approved. */
  pending: Member;
}

let world: Promise<World> | undefined;

/** The members and what they did, made once for both walks through the API (API sessions: no browser). */
function theWorld(): Promise<World> {
  world ??= (async () => {
    const admin = await apiSession(e2e, ADMIN);
    const signedIn = async (member: Member) => {
      await registerMember(e2e.baseUrl, member);
      const session = await apiSession(e2e, member);
      return { ...session, id: await signedInUserId(session) };
    };
    const reader = newMember('lettrice');
    const author = { ...newMember('autore'), gender: 'male' as const };
    const pending = newMember('attesa');
    const [asReader, asAuthor] = await Promise.all([signedIn(reader), signedIn(author)]);
    await signedIn(pending);
    await grantPremiumByApi(admin, asAuthor.id);
    await approveByApi(admin, asAuthor, asAuthor.id);
    await approveForMessaging(admin, asReader, asReader.id);
    await addCreditsByApi(admin, asReader.id, 20);

    const withPhoto = await createPostByApi(asAuthor, {
      content: 'Un tramonto sul lago, per chi passa da Como',
      category: 'trending',
      withPhoto: true,
    });
    const premium = await createPostByApi(asAuthor, {
      content: 'Il mio itinerario segreto',
      category: 'trending',
      isPremium: true,
      creditCost: 3,
    });
    await createPostByApi(asAuthor, { content: 'Ancora in attesa di un moderatore', category: 'trending' });
    await decidePostByApi(admin, withPhoto, 'approved');
    await decidePostByApi(admin, premium, 'approved');

    const post = (path: string, data: unknown) => asReader.request.post(path, { data });
    await post(`/api/posts/${withPhoto}/comments`, { content: 'Che colori!' });
    await post(`/api/posts/${withPhoto}/like`, {});
    await post(`/api/posts/${withPhoto}/report`, { reason: 'spam', description: 'Pubblicità' });
    await post('/api/feedback', { type: 'improvement', message: 'Mi piacerebbe un tema scuro' });
    const message = await post('/api/messages', {
      id: randomUUID(),
      recipientId: asAuthor.id,
      content: 'Ciao! Bellissima foto',
    });
    if (message.status() !== 201) throw new Error(`writing to the author: ${message.status()} ${await message.text()}`);
    return { reader, author: { ...author, id: asAuthor.id }, pending };
  })();
  return world;
}

/**
 * A screen: where it is, what shows it is ready, and what to do there before looking (open a dialog...); then what
 * else is looked at there without loading it again (a menu, a dialog, a tab...), in turn.
 */
interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
  then?: (page: Page) => Promise<unknown>;
  opened?: Opened[];
}

/** Something opened on a screen and looked at: `close` leaves the screen as it was, for the next one. */
interface Opened {
  name: string;
  open: (page: Page) => Promise<unknown>;
  close?: (page: Page) => Promise<unknown>;
}

const heading = (key: string) => (page: Page) =>
  page
    .getByRole('heading', { name: appText(key) })
    .first()
    .waitFor();
const testId = (id: string) => (page: Page) => page.getByTestId(id).first().waitFor();
// The shown one: a phone keeps the conversation list in the page, hidden, while the thread is open.
const text = (value: string) => (page: Page) => page.getByText(value).filter({ visible: true }).first().waitFor();
/** The settings' notifications section, once its preferences are in: the group's switch for the app. */
const notificationSwitch = (group: string) => (page: Page) =>
  page
    .getByRole('group', { name: appText(`notifications.settings.groups.${group}.title`) })
    .getByRole('switch', { name: appText('notifications.settings.inApp') })
    .waitFor();
const dialogs = (page: Page) => page.getByRole('dialog').or(page.getByRole('alertdialog'));
const dialog = (page: Page) => dialogs(page).waitFor();
/** Escape, and the dialog (or menu) has left the page. */
const escape = (role: 'dialog' | 'menu') => async (page: Page) => {
  await page.keyboard.press('Escape');
  await (role === 'dialog' ? dialogs(page) : page.getByRole('menu')).waitFor({ state: 'detached' });
};

/**
 * Shows `path` as the app's own links do once a walk has loaded it (a load costs the browser the whole app again),
 * by way of the not-found page, so that nothing of the screen before is left when the next one's `ready` looks.
 */
async function show(page: Page, path: string) {
  if (!page.url().startsWith(e2e.baseUrl)) return void (await page.goto(path));
  const go = (to: string) =>
    page.evaluate((target) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  await go('/tra-una-schermata-e-l-altra');
  await text(appText('notFound.title'))(page);
  await go(path);
}

async function look(page: Page, screen: Screen) {
  await show(page, screen.path);
  await screen.ready(page);
  if (screen.then) await screen.then(page);
  await expectAccessible(page, screen.name);
  const opened = screen.opened ?? [];
  for (const [index, { name, open, close }] of opened.entries()) {
    await open(page);
    await expectAccessible(page, name);
    if (index < opened.length - 1) {
      if (!close) throw new Error(`${name}: no way to close it before the next`);
      await close(page);
    }
  }
}

function visitorScreens(): Screen[] {
  return [
    { name: 'landing', path: '/', ready: heading('landing.features.title') },
    { name: 'login', path: '/login', ready: text('Bentornato') },
    { name: 'registration', path: '/register', ready: (page) => page.getByLabel('Foto di verifica').waitFor() },
    { name: 'forgotten password', path: '/forgot-password', ready: heading('auth.forgot.title') },
    { name: 'new password', path: `/reset-password?token=${'A'.repeat(43)}`, ready: heading('auth.reset.title') },
    // The sign-in's second step as Google's sign-in leads to it (every method offered).
    { name: 'second step', path: '/login?step=second', ready: heading('secondFactor.signIn.title') },
    {
      name: 'confirmation link refused',
      path: `/confirm-email?token=${'A'.repeat(43)}`,
      ready: heading('auth.confirmEmail.failedTitle'),
    },
    { name: 'privacy', path: '/privacy', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
    { name: 'terms', path: '/terms', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
    { name: 'not found', path: '/pagina-che-non-esiste', ready: text('404 Page Not Found') },
    { name: 'messages, signed out', path: '/messages', ready: heading('loginRequired.title') },
    { name: 'checkout, signed out', path: '/checkout', ready: heading('loginRequired.checkout.title') },
    { name: 'admin, signed out', path: '/admin', ready: heading('admin.loginRequired.title') },
  ];
}

function pendingScreens(): Screen[] {
  return [
    { name: 'pending: home', path: '/', ready: heading('profile.pending.title') },
    { name: 'pending: profile', path: '/profile', ready: heading('profile.pending.title') },
    { name: 'pending: the e-mail step', path: '/verify-email', ready: heading('auth.emailStep.title') },
    { name: 'pending: messages', path: '/messages', ready: (page) => page.getByRole('heading').first().waitFor() },
    { name: 'pending: feedback', path: '/feedback', ready: (page) => page.getByRole('combobox').first().waitFor() },
    { name: 'pending: blocked users', path: '/blocked-users', ready: text(appText('blocks.empty')) },
    { name: 'pending: admin refused', path: '/admin', ready: testId('admin-access-denied') },
  ];
}

function memberScreens({ author }: World): Screen[] {
  const postMenu = (page: Page) =>
    page
      .getByTestId('post-card')
      .filter({ hasText: 'Un tramonto sul lago' })
      .getByRole('button', { name: appText('feed.post.menu') })
      .click();
  const fromPostMenu = (item: string) => async (page: Page) => {
    await postMenu(page);
    await page.getByRole('menuitem', { name: appText(item) }).click();
    await dialog(page);
  };
  const menuButton = (page: Page) => page.getByRole('button', { name: appText('nav.openMenu') });
  return [
    {
      name: 'member: feed',
      path: '/',
      ready: text('Un tramonto sul lago'),
      opened: [
        {
          name: 'member: post menu open',
          open: async (page) => {
            await postMenu(page);
            await page.getByRole('menuitem', { name: appText('feed.post.report') }).waitFor();
          },
          close: escape('menu'),
        },
        { name: 'member: report dialog', open: fromPostMenu('feed.post.report'), close: escape('dialog') },
        { name: 'member: block dialog', open: fromPostMenu('feed.post.block'), close: escape('dialog') },
        {
          name: 'member: unlock dialog',
          open: async (page) => {
            await text(appText('feed.unlock.overlayTitle'))(page);
            await page.getByRole('button', { name: appText('feed.unlock.open'), exact: true }).click();
            await dialog(page);
          },
        },
      ],
    },
    {
      name: 'member: conversation',
      path: `/messages?user=${author.id}`,
      ready: text('Ciao! Bellissima foto'),
    },
    {
      name: 'member: profile',
      path: '/profile',
      ready: heading('profile.danger.title'),
      opened: [
        {
          name: 'member: sidebar open',
          open: async (page) => {
            if (await menuButton(page).isVisible()) await menuButton(page).click();
            await page.getByRole('complementary', { name: appText('nav.mainNavigation') }).waitFor();
          },
          close: async (page) => {
            if (!(await menuButton(page).isVisible())) return;
            await page.keyboard.press('Escape');
            await page.getByRole('button', { name: appText('nav.openMenu'), expanded: false }).waitFor();
          },
        },
        // Last: the danger zone is at the bottom, and the page scrolls down to it.
        {
          name: 'member: delete account dialog',
          open: async (page) => {
            await page.getByRole('button', { name: appText('profile.danger.delete') }).click();
            await dialog(page);
          },
        },
      ],
    },
    {
      name: 'member: security, an app being set up',
      path: '/security',
      ready: heading('secondFactor.security.title'),
      then: async (page) => {
        await page.getByRole('button', { name: appText('secondFactor.app.setUp') }).click();
        await page.getByRole('img', { name: appText('secondFactor.app.qrAlt') }).waitFor();
      },
    },
    {
      name: 'member: notification settings, quiet hours open',
      path: '/settings',
      ready: notificationSwitch('messages'),
      then: (page) => page.getByRole('switch', { name: appText('notifications.settings.quietHours') }).click(),
    },
    { name: "member: another member's profile", path: `/profile/${author.id}`, ready: text(author.username) },
    {
      name: 'member: checkout, credits',
      path: '/checkout',
      ready: text(appText('checkout.tabs.credits')),
      opened: [
        {
          name: 'member: checkout, premium',
          open: async (page) => {
            await text(appText('checkout.tabs.premium'))(page);
            await page.getByRole('tab', { name: appText('checkout.tabs.premium') }).click();
          },
        },
      ],
    },
  ];
}

function adminScreens({ pending }: World): Screen[] {
  const tab = (name: string, id: string, ready: Screen['ready'], opened?: Opened) => ({
    name: `admin: ${name}`,
    path: `/admin?tab=${id}`,
    ready,
    opened: opened && [{ ...opened, name: `admin: ${opened.name}` }],
  });
  return [
    tab('overview', 'overview', testId('admin-identity')),
    tab('pending posts', 'pending-posts', text('Ancora in attesa di un moderatore'), {
      name: 'pending posts, rejection dialog',
      open: async (page) => {
        await page
          .getByRole('button', { name: appText('admin.actions.reject'), exact: true })
          .first()
          .click();
        await dialog(page);
      },
    }),
    tab('pending users', 'pending-users', testId('pending-user'), {
      name: 'pending users, rejection dialog',
      open: async (page) => {
        await text(pending.username)(page);
        await page
          .getByTestId('pending-user')
          .filter({ hasText: pending.username })
          .getByRole('button', { name: appText('admin.actions.reject'), exact: true })
          .click();
        await dialog(page);
      },
    }),
    tab('feedback', 'feedback', text('Mi piacerebbe un tema scuro')),
    tab('reports', 'reports', text('Pubblicità')),
    tab('users', 'users', text(pending.username), {
      name: 'users, premium dialog',
      open: async (page) => {
        await page
          .getByRole('button', { name: appText('wallet.admin.grant') })
          .first()
          .click();
        await dialog(page);
      },
    }),
    tab('audit', 'audit', (page) => page.getByRole('tabpanel').getByRole('listitem').first().waitFor()),
    { name: "admin: notification settings, the queues' too", path: '/settings', ready: notificationSwitch('queues') },
    {
      name: 'admin: registration demo',
      path: '/demo-registrazione',
      ready: (page) => page.getByRole('heading').first().waitFor(),
    },
  ];
}

/** Who walks through which screens: each walk signs in afresh. */
const WALKS: {
  who: string;
  screens: (world: World) => Screen[];
  credentials?: (world: World) => Member | typeof ADMIN;
}[] = [
  { who: 'a visitor', screens: visitorScreens },
  { who: 'a member waiting for approval', screens: pendingScreens, credentials: (world) => world.pending },
  { who: 'a member', screens: memberScreens, credentials: (world) => world.reader },
  { who: 'an admin', screens: adminScreens, credentials: () => ADMIN },
];

describeE2E('accessibility (axe-core, WCAG 2.2 A and AA)', () => {
  for (const [viewport, options] of Object.entries(VIEWPORTS))
    for (const { who, screens, credentials } of WALKS)
      it(`finds no serious or critical violation on the screens ${who} sees, dialogs open, on ${viewport}`, async () => {
        const current = await theWorld();
        const page = await e2e.newPage(options);
        if (credentials) await signInByApi(page, credentials(current));
        for (const screen of screens(current)) await look(page, screen);
      });
});

/** Whether the focus is on `locator`'s element or inside it. */
const holdsFocus = (locator: Locator) => locator.evaluate((element) => element.contains(document.activeElement));

/**
 * Tabs forward, then backward, once more than there are stops in `container` (the trap must wrap, not leak), and
 * answers where the focus was after each key that left the container.
 */
async function tabAround(page: Page, container: Locator): Promise<string[]> {
  const stops = await container.evaluate(
    (element) =>
      element.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]')
        .length,
  );
  const leaks: string[] = [];
  for (const key of ['Tab', 'Shift+Tab'])
    for (let step = 0; step <= stops; step += 1) {
      await page.keyboard.press(key);
      if (!(await holdsFocus(container)))
        leaks.push(`${key} #${step + 1}: ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))}`);
    }
  return leaks;
}

describeE2E('keyboard alone', () => {
  it('traps the focus in a dialog, the sidebar and a menu while open and gives it back when they close', async () => {
    const { reader } = await theWorld();
    const page = await e2e.newPage(VIEWPORTS.desktop);
    await signInByApi(page, reader);

    // A dialog: the account's deletion.
    await page.goto('/profile');
    const deleteAccount = page.getByRole('button', { name: appText('profile.danger.delete') });
    await deleteAccount.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await holdsFocus(confirm)).toBe(true);
    expect(await tabAround(page, confirm)).toEqual([]);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await until('the focus is back on its button', () => holdsFocus(deleteAccount));

    // The sidebar: the page behind it is out of reach while it is open.
    const menuButton = page.getByRole('button', { name: appText('nav.openMenu') });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const sidebar = page.getByRole('complementary', { name: appText('nav.mainNavigation') });
    await until('the sidebar has the focus', () => holdsFocus(sidebar));
    expect(await tabAround(page, sidebar)).toEqual([]);
    await page.keyboard.press('Escape');
    await until('the sidebar is closed', async () => (await menuButton.getAttribute('aria-expanded')) === 'false');
    await until('the focus is back on the menu button', () => holdsFocus(menuButton));

    // A menu, and the dialog one of its items opens: the focus comes back to the menu's button.
    await page.goto('/');
    const postMenu = page
      .getByTestId('post-card')
      .filter({ hasText: 'Un tramonto sul lago' })
      .getByRole('button', { name: appText('feed.post.menu') });
    await postMenu.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await until('the menu has the focus', () => holdsFocus(menu));
    await page.keyboard.press('Escape');
    // Given back as the closing menu unmounts, which may come a turn after it left the page.
    await menu.waitFor({ state: 'detached' });
    await until("the focus is back on the post's menu button", () => holdsFocus(postMenu));
    await page.keyboard.press('Enter');
    await until('the menu has the focus again', () => holdsFocus(menu));
    const report = page.getByRole('menuitem', { name: appText('feed.post.report') });
    while (!(await holdsFocus(report))) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const reportDialog = page.getByRole('dialog');
    await until('the report dialog has the focus', () => holdsFocus(reportDialog));
    expect(await tabAround(page, reportDialog)).toEqual([]);
    await page.keyboard.press('Escape');
    await reportDialog.waitFor({ state: 'detached' });
    await until('the focus is back on the menu button', () => holdsFocus(postMenu));
  });

  it("moves through the admin console's tabs with the arrow keys", async () => {
    const page = await e2e.newPage(VIEWPORTS.desktop);
    await signInByApi(page, ADMIN);
    await page.goto('/admin');
    const overview = page.getByRole('tab', { name: appText('admin.tabs.overview') });
    await overview.focus();
    await page.keyboard.press('ArrowRight');
    const pendingPosts = page.getByRole('tab', { name: new RegExp(`^${appText('admin.tabs.pendingPosts')}`) });
    await until('the next tab is open', async () => (await pendingPosts.getAttribute('aria-selected')) === 'true');
    expect(await holdsFocus(pendingPosts)).toBe(true);
    expect(new URL(page.url()).search).toBe('?tab=pending-posts');
    await page.keyboard.press('End');
    const audit = page.getByRole('tab', { name: appText('admin.tabs.audit') });
    await until('the last tab is open', async () => (await audit.getAttribute('aria-selected')) === 'true');
    // Tab leaves the tab list for the open panel.
    await page.keyboard.press('Tab');
    expect(await holdsFocus(page.getByRole('tabpanel'))).toBe(true);
  });
});

describeE2E('keyboard alone, in a radio group', () => {
  it('is one Tab stop whose choice the arrow keys move', async () => {
    const { reader } = await theWorld();
    const page = await e2e.newPage(VIEWPORTS.desktop);
    await signInByApi(page, reader);
    await page.goto('/checkout');
    const packages = page.getByRole('radiogroup', { name: appText('checkout.packages.label') });
    const [ten, twentyFive] = [page.getByTestId('package-10'), page.getByTestId('package-25')];
    await ten.focus();
    // Held as a finger holds it: Radix moves the focus a task after the keydown, and picks what gets it while the
    // arrow key is still down. The key goes up once the focus has moved, however long a loaded machine takes.
    await page.keyboard.down('ArrowRight');
    await until('the focus on the next package', () => holdsFocus(twentyFive));
    await page.keyboard.up('ArrowRight');
    await until('the next package is chosen', async () => (await twentyFive.getAttribute('aria-checked')) === 'true');
    expect(await ten.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Tab');
    expect(await holdsFocus(packages)).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await holdsFocus(twentyFive)).toBe(true);
  });
});

describeE2E('preferences the page follows', () => {
  it('turns motion off for those who ask for less of it', async () => {
    const { reader } = await theWorld();
    const page = await e2e.newPage({ ...VIEWPORTS.phone, reducedMotion: 'no-preference' });
    await signInByApi(page, reader);
    await page.goto('/profile');
    const sidebar = page.getByRole('complementary', { name: appText('nav.mainNavigation') });
    const transition = () => sidebar.evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(await transition()).toBe('0.3s');
    // The preference changes while the page is open (one context: a second one costs the browser a fresh load).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await transition()).toBe('0.001s');
  });

  it("sets the page's language to the one chosen", async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    const lang = () => page.locator('html').getAttribute('lang');
    expect(await lang()).toBe('it');
    for (const [code, name, from] of [
      ['de', 'Deutsch', 'it'],
      ['fr', 'Français', 'de'],
    ] as const satisfies readonly (readonly [Language, string, Language])[]) {
      const switcher = page.getByRole('combobox', { name: appText('language.label', from) });
      await switcher.getByRole('option', { name }).waitFor({ state: 'attached' });
      await Promise.all([page.waitForEvent('load'), switcher.selectOption(code)]);
      await page.getByRole('heading', { level: 1, name: appText('landing.hero.title', code) }).waitFor();
      expect(await lang()).toBe(code);
    }
  });
});
