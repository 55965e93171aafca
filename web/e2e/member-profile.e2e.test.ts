import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ADMIN, useE2E, describeE2E } from './harness.js';
import { apiSession, newMember, registerMember, signedInUserId, signInByApi, type Member } from './members.js';
import { appText, serverText } from './texts.js';
import { addressOf } from './waits.js';

const e2e = useE2E();

/** Registers `member` and signs them in on a page of their own; returns that page and their id. */
async function signedIn(member: Member) {
  await registerMember(e2e.baseUrl, member);
  const page = await e2e.newPage();
  await signInByApi(page, member);
  return { page, id: await signedInUserId(page) };
}

/** The profile's dark header: name, @username, badge, online dot, location. */
const header = (page: Page) => page.locator('main section').first();

describeE2E("another member's profile", () => {
  it('shows the public profile and nothing private: no e-mail, no Telegram, no edit controls', async () => {
    const anna = newMember('anna');
    const bruno = { ...newMember('bruno'), city: 'Torino', region: 'Piemonte', gender: 'male' as const };
    const { page } = await signedIn(anna);
    const other = await signedIn(bruno);
    const bio = 'Appassionato di montagna e di caffè.';
    const profile = await other.page.request.put('/api/auth/profile', {
      data: {
        username: bruno.username,
        bio,
        age: bruno.age,
        gender: bruno.gender,
        orientation: bruno.orientation,
        region: bruno.region,
        city: bruno.city,
        telegramUsername: bruno.telegramUsername,
      },
    });
    expect(profile.status()).toBe(200);
    const presence = await other.page.request.patch('/api/users/online-status', { data: { isOnline: true } });
    expect(presence.status()).toBe(200);

    await page.goto(`/profile/${other.id}`);
    await page.getByRole('heading', { level: 1, name: bruno.username }).waitFor();
    await header(page).getByText(`@${bruno.username}`).waitFor();
    await header(page).getByText('Torino, Piemonte').waitFor();
    await header(page).getByText(appText('verification.status.pending')).waitFor();
    await header(page)
      .getByRole('img', { name: appText('profile.public.online') })
      .waitFor();
    await page.getByText(bio).waitFor();
    const details = page.locator('dl');
    await details.getByText(appText('gender.male')).waitFor();
    await details.getByText(appText('profile.public.ageValue').replace('{{age}}', String(bruno.age))).waitFor();
    await details.getByText(appText('profile.status.memberSince')).waitFor();

    // Not in the text, not in an attribute, not anywhere in the document.
    const html = await page.content();
    expect(html).not.toContain(bruno.email);
    expect(html).not.toContain(bruno.telegramUsername);
    expect(await page.locator('main').innerText()).not.toContain('@example.com');
    // Read-only: no form, no upload, no danger zone.
    const main = page.locator('main');
    expect(await main.locator('input, textarea, select, form').count()).toBe(0);
    expect(await main.getByRole('button', { name: appText('profile.danger.delete') }).count()).toBe(0);
    expect(await main.getByText(appText('profile.subtitle')).count()).toBe(0);
  });

  it("says 'Verificato' for an approved member", async () => {
    const { page } = await signedIn(newMember('carla'));
    const adminPage = await apiSession(e2e, ADMIN);
    const adminId = await signedInUserId(adminPage);

    await page.goto(`/profile/${adminId}`);
    await header(page).getByText(appText('verification.status.approved')).waitFor();
    expect(await page.content()).not.toContain(ADMIN.email);
  });

  it("shows the server's message and a way home for a user that does not exist", async () => {
    const { page } = await signedIn(newMember('dario'));
    await page.goto('/profile/nessuno-con-questo-id');

    await page.getByRole('heading', { name: appText('profile.public.notFoundTitle') }).waitFor();
    await page.getByText(serverText('identity.userNotFound')).waitFor();
    await page.getByRole('link', { name: appText('common.backHome') }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(addressOf(page)).toBe('/');
  });

  it('shows the own, editable profile at /profile/<own id>', async () => {
    const elena = newMember('elena');
    const { page, id } = await signedIn(elena);
    await page.goto(`/profile/${id}`);

    await page.getByRole('heading', { name: appText('profile.info.title') }).waitFor();
    expect(await page.getByLabel(appText('auth.fields.username')).inputValue()).toBe(elena.username);
    await page.getByRole('button', { name: appText('profile.danger.delete') }).waitFor();
    // The address stands in the profile's details and in the card that changes it.
    expect(await page.getByTestId('current-email').innerText()).toBe(elena.email);
    expect(await page.getByRole('img', { name: appText('profile.public.online') }).count()).toBe(0);
  });
});
