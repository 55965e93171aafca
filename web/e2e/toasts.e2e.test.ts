import { expect, it } from '@jest/globals';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { addCreditsByApi, approveForMessaging } from './content.js';
import { ADMIN, describeE2E, useE2E, type Session } from './harness.js';
import { apiSession, newMember, registerMember, signedInUserId, signInByApi, type Member } from './members.js';
import { appText, serverText } from './texts.js';
import { toastWith } from './waits.js';

// Posts are published at once ('Post creato!'). Every test signs up a few members from one address.
const e2e = useE2E({
  env: () => ({ POST_APPROVAL: 'immediate', REGISTER_LIMIT_PER_ADDRESS: '100', LOGIN_LIMIT_PER_ADDRESS: '100' }),
});

const SCREENS: [string, BrowserContextOptions][] = [
  ['desktop', { viewport: { width: 1280, height: 720 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
];

/** The member signed in on `session`, approved and given a few credits; answers their id. */
async function approved(admin: Session, session: Session) {
  const id = await signedInUserId(session);
  await addCreditsByApi(admin, id, 10);
  await approveForMessaging(admin, session, id);
  return id;
}

/** An approved member with a few credits, signed in once on a desktop and once on a phone. */
async function approvedMember(admin: Session, tag: string) {
  const member: Member = await registerMember(e2e.baseUrl, newMember(tag));
  const screens: Record<string, Page> = {};
  for (const [name, options] of SCREENS) {
    screens[name] = await e2e.newPage(options);
    await signInByApi(screens[name], member);
  }
  const id = await approved(admin, screens.desktop as Page);
  return { id, screens: SCREENS.map(([name]) => [name, screens[name] as Page] as const) };
}

/**
 * Which of `controls` the toast saying `text` covers: their boxes share some area, or a tap in the middle of the
 * control would land on a toast. Read in one look at the page: the toast stays 5 s, and on a loaded machine a look per
 * box (the toast's, then each control's) outlasted it.
 */
function covered(controls: Locator, text: string): Promise<boolean[]> {
  return controls.evaluateAll((elements, toastText) => {
    const toast = [...document.querySelectorAll('[data-slot="toast"]')].find((shown) =>
      shown.textContent?.includes(toastText),
    );
    if (!toast || elements.length === 0) throw new Error('the toast or the controls are not on screen');
    const a = toast.getBoundingClientRect();
    return elements.map((element) => {
      const b = element.getBoundingClientRect();
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return !apart || hit?.closest('[data-slot="toast"]') != null;
    });
  }, text);
}

describeE2E('toasts', () => {
  it("hide nothing a member needs next: the chat's send button, 'Salva modifiche', the composer's switches", async () => {
    const admin = await apiSession(e2e, ADMIN);
    // Only written to: an API session.
    const recipientId = await approved(
      admin,
      await apiSession(e2e, await registerMember(e2e.baseUrl, newMember('riceve'))),
    );
    const member = await approvedMember(admin, 'toast');

    for (const [screen, page] of member.screens) {
      await page.goto(`/messages?user=${recipientId}`);
      const input = page.getByTestId('message-input');
      await input.fill(`Ciao dal ${screen}`);
      await input.press('Enter');
      await toastWith(page, appText('messages.sent')).waitFor();
      const send = page.getByRole('button', { name: appText('messages.send') });
      expect({ screen, covered: await covered(send, appText('messages.sent')) }).toEqual({ screen, covered: [false] });

      await page.goto('/profile');
      await page.getByLabel(appText('profile.info.bio')).fill(`Scrivo dal ${screen}`);
      const save = page.getByRole('button', { name: appText('profile.info.save') });
      await save.click();
      await toastWith(page, appText('profile.info.successTitle')).waitFor();
      expect({ screen, covered: await covered(save, appText('profile.info.successTitle')) }).toEqual({
        screen,
        covered: [false],
      });

      await page.goto('/');
      const composer = page.getByTestId('post-composer');
      await composer.getByLabel(appText('feed.composer.contentLabel')).fill(`Un post dal ${screen}`);
      await composer.getByRole('radio', { name: appText('feed.categories.trending') }).click();
      await composer.getByRole('button', { name: appText('feed.composer.submit') }).click();
      await toastWith(page, serverText('content.postCreated')).waitFor();
      const switches = await covered(composer.getByRole('switch'), serverText('content.postCreated'));
      expect({ screen, covered: switches }).toEqual({ screen, covered: switches.map(() => false) });
    }
  });

  it('are seen by the tests after they have gone: toastWith reads the log of the toasts the page showed', async () => {
    const page = await e2e.newPage();
    await page.clock.install();
    await page.goto('/?error=not_registered');
    const error = toastWith(page, appText('landing.authError.title'));
    await error.onScreen.waitFor();

    // Past its 5 s on the page's clock, the toast closes and leaves the page, as it would while a loaded machine's
    // test was not looking.
    await page.clock.runFor(6_000);
    await error.onScreen.waitFor({ state: 'detached' });
    await error.waitFor();
    expect(await error.innerText()).toContain(appText('landing.authError.not_registered'));
    // Waited for once and gone, it answers no later wait.
    expect(await toastWith(page, appText('landing.authError.title')).count()).toBe(0);
  });
});
