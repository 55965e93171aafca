import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { useE2E, describeE2E } from './harness.js';
import { newMember, registeredMemberId, registerMember, signedInUserId, signInByApi, type Member } from './members.js';
import { appText, serverText, withValues } from './texts.js';
import { toastWith, until } from './waits.js';

const e2e = useE2E();

/** Registers `member` and signs them in on a page of their own; returns that page and their id. */
async function signedIn(member: Member) {
  await registerMember(e2e.baseUrl, member);
  const page = await e2e.newPage();
  await signInByApi(page, member);
  return { page, id: await signedInUserId(page) };
}

/** What the member's blocked list holds, straight from the API. */
async function blockedIds(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/blocked-users');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { blockedUserId: string }[]).map((record) => record.blockedUserId);
}

const rows = (page: Page) => page.getByTestId('blocked-user');

describeE2E('blocking', () => {
  it('blocks a member from the profile (a reason is required), lists them, and unblocks after a confirmation', async () => {
    const anna = newMember('anna');
    const bruno = newMember('bruno');
    const { page } = await signedIn(anna);
    const otherId = await registeredMemberId(e2e, bruno);

    await page.goto(`/profile/${otherId}`);
    await page.getByRole('button', { name: appText('blocks.block'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('heading', { name: withValues(appText('blocks.blockTitle'), { username: bruno.username }) })
      .waitFor();

    // No reason: the form's text under the select, and nothing blocked.
    await dialog.getByRole('button', { name: appText('blocks.blockConfirm') }).click();
    await dialog.getByText(serverText('validation.blockReasonRequired')).waitFor();
    expect(await blockedIds(page)).toEqual([]);

    await dialog.getByRole('combobox', { name: appText('blocks.reasonLabel') }).click();
    await page.getByRole('option', { name: appText('blocks.reasons.harassment') }).click();
    expect(await dialog.getByText(serverText('validation.blockReasonRequired')).count()).toBe(0);
    await dialog.getByRole('button', { name: appText('blocks.blockConfirm') }).click();

    await toastWith(page, appText('blocks.blocked')).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await blockedIds(page)).toEqual([otherId]);
    // The profile now offers the way back.
    await page.getByRole('button', { name: appText('blocks.unblock'), exact: true }).waitFor();

    await page.goto('/blocked-users');
    await page.getByRole('heading', { level: 1, name: appText('nav.blockedUsers') }).waitFor();
    const row = rows(page).first();
    await row.getByRole('link', { name: `@${bruno.username}` }).waitFor();
    await row.getByText(appText('blocks.reasons.harassment')).waitFor();
    await row.getByText(appText('blocks.blockedJustNow')).waitFor();
    expect(await rows(page).count()).toBe(1);

    // A second thought: cancelling keeps the block.
    await row.getByRole('button', { name: appText('blocks.unblock') }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByRole('heading', { name: withValues(appText('blocks.unblockTitle'), { username: bruno.username }) })
      .waitFor();
    await confirm.getByRole('button', { name: appText('common.cancel') }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await blockedIds(page)).toEqual([otherId]);

    await row.getByRole('button', { name: appText('blocks.unblock') }).click();
    await confirm.getByRole('button', { name: appText('blocks.unblockConfirm') }).click();
    await toastWith(page, appText('blocks.unblocked')).waitFor();
    await page.getByText(appText('blocks.empty')).waitFor();
    expect(await rows(page).count()).toBe(0);
    expect(await blockedIds(page)).toEqual([]);
  });

  it("offers 'Sblocca' on the profile asked again after the block, which answers 'not found' both ways", async () => {
    const { page } = await signedIn(newMember('fabio'));
    const bruno = newMember('bruno');
    const otherId = await registeredMemberId(e2e, bruno);
    expect((await page.request.post(`/api/users/${otherId}/block`, { data: { reason: 'spam' } })).status()).toBe(200);

    await page.goto(`/profile/${otherId}`);
    await page.getByRole('heading', { name: appText('profile.public.notFoundTitle') }).waitFor();
    await page.getByRole('button', { name: appText('blocks.unblock'), exact: true }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: appText('blocks.unblockConfirm') })
      .click();
    await toastWith(page, appText('blocks.unblocked')).waitFor();
    // The profile is theirs again, with the way to block them.
    await page.getByText(`@${bruno.username}`).first().waitFor();
    await page.getByRole('button', { name: appText('blocks.block'), exact: true }).waitFor();
    expect(await blockedIds(page)).toEqual([]);
  });

  it('shows the empty state to a member who blocked no one', async () => {
    const { page } = await signedIn(newMember('carla'));
    await page.goto('/blocked-users');
    await page.getByText(appText('blocks.empty')).waitFor();
    expect(await rows(page).count()).toBe(0);
  });

  it('says so when blocking or unblocking fails, and keeps the list as it was', async () => {
    const { page } = await signedIn(newMember('dario'));
    const otherId = await registeredMemberId(e2e, newMember('elena'));

    // The server refuses once: the block failure text.
    await page.route(`**/api/users/${otherId}/block`, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'down' }) }),
    );
    await page.goto(`/profile/${otherId}`);
    await page.getByRole('button', { name: appText('blocks.block'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: appText('blocks.reasonLabel') }).click();
    await page.getByRole('option', { name: appText('blocks.reasons.spam') }).click();
    await dialog.getByRole('button', { name: appText('blocks.blockConfirm') }).click();
    await toastWith(page, appText('blocks.blockError')).waitFor();
    expect(await blockedIds(page)).toEqual([]);

    await page.unroute(`**/api/users/${otherId}/block`);
    await dialog.getByRole('button', { name: appText('blocks.blockConfirm') }).click();
    await toastWith(page, appText('blocks.blocked')).waitFor();
    expect(await blockedIds(page)).toEqual([otherId]);

    await page.route(`**/api/users/${otherId}/block`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'x' }) })
        : route.continue(),
    );
    await page.goto('/blocked-users');
    await rows(page)
      .first()
      .getByRole('button', { name: appText('blocks.unblock') })
      .click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: appText('blocks.unblockConfirm') })
      .click();
    await toastWith(page, appText('blocks.unblockError')).waitFor();
    await until('the row is still there', async () => (await rows(page).count()) === 1);
    expect(await blockedIds(page)).toEqual([otherId]);
  });
});
