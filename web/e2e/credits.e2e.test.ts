import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ADMIN, describeE2E, useE2E } from './harness.js';
import {
  apiSession,
  newMember,
  registeredMemberId,
  registerMember,
  signedInUserId,
  signInByApi,
  type Member,
} from './members.js';
import { appText, serverText, withValues } from './texts.js';
import { realtimeConnected, toastWith, until } from './waits.js';
import { buyCreditsByApi, setTesterByApi } from './wallet.js';

const e2e = useE2E();

/** Registers `member`, signs them in on a page of their own and opens `path` there once pushes reach it. */
async function memberAt(member: Member, path: string) {
  await registerMember(e2e.baseUrl, member);
  const page = await e2e.newPage();
  await signInByApi(page, member);
  const connected = realtimeConnected(page);
  await page.goto(path);
  await connected;
  return { page, id: await signedInUserId(page) };
}

async function adminAt(path: string) {
  const page = await e2e.newPage();
  await signInByApi(page, ADMIN);
  await page.goto(path);
  return page;
}

const sidebarCredits = (page: Page) => page.getByTestId('sidebar-credits').innerText();
const untilText = (what: string, read: () => Promise<string>, expected: string) =>
  until(`${what} reads ${expected}`, async () => (await read()) === expected);

/** Counts the page's requests to `pathname`, to show that something did not ask the server. */
function requestsTo(page: Page, pathname: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) seen.push(request.method());
  });
  return seen;
}

describeE2E('credits on the profile', () => {
  it('lists the latest transactions newest first, starting empty and following each purchase by push', async () => {
    const { page } = await memberAt(newMember('storico'), '/profile');
    const card = page.locator('[data-slot="card"]', { hasText: appText('wallet.transactions.title') });
    await card.getByText(appText('wallet.transactions.empty')).waitFor();

    await buyCreditsByApi(page, 25);
    await buyCreditsByApi(page, 10);

    const rows = card.getByTestId('transactions').locator('li');
    await until('both purchases are listed', async () => (await rows.count()) === 2);
    const purchase = serverText('transactions.purchase');
    expect(await rows.nth(0).innerText()).toContain(withValues(purchase, { credits: 10 }));
    expect(await rows.nth(0).innerText()).toContain(
      withValues(appText('wallet.transactions.amount'), { amount: '+10' }),
    );
    expect(await rows.nth(1).innerText()).toContain(withValues(purchase, { credits: 25 }));
    await untilText('the profile balance', () => page.getByTestId('profile-credits').innerText(), '35');
    await untilText('the sidebar balance', () => sidebarCredits(page), '35');
  });
});

describeE2E("an admin on a member's profile", () => {
  it('adjusts the balance with the quick buttons and a typed amount, ignoring an invalid one', async () => {
    const member = await memberAt(newMember('saldo'), '/');
    const admin = await adminAt(`/profile/${member.id}`);
    const panel = admin.getByTestId('admin-member-card');
    const balance = () => panel.getByTestId('admin-member-credits').innerText();
    await untilText("the member's balance", balance, '0');

    await panel.getByRole('button', { name: '+100', exact: true }).click();
    await toastWith(admin, appText('wallet.admin.creditsSuccess')).waitFor();
    await untilText("the member's balance", balance, '100');
    // The member's own page learns it by push.
    await untilText("the member's sidebar", () => sidebarCredits(member.page), '100');

    const adjustments = requestsTo(admin, `/api/admin/users/${member.id}/add-credits`);
    const amount = panel.getByLabel(appText('wallet.admin.amountLabel'));
    for (const invalid of ['abc', '0', '2.5', '10001', '-10001', '']) {
      await amount.fill(invalid);
      await amount.press('Enter');
    }
    await panel.getByRole('button', { name: appText('wallet.admin.apply') }).click();
    expect(adjustments).toEqual([]);

    await amount.fill('-30');
    await amount.press('Enter');
    await untilText("the member's balance", balance, '70');
    expect(await amount.inputValue()).toBe('');
    await untilText("the member's sidebar", () => sidebarCredits(member.page), '70');
    expect(adjustments).toEqual(['POST']);
  });

  it('grants premium for the chosen months and revokes it after a confirmation', async () => {
    const member = await memberAt(newMember('regalo'), '/');
    const admin = await adminAt(`/profile/${member.id}`);
    const panel = admin.getByTestId('admin-member-card');
    const header = admin.locator('main section').first();
    const revoke = panel.getByRole('button', { name: appText('wallet.admin.revoke') });
    await panel.getByText(appText('premium.status.inactive')).waitFor();
    expect(await revoke.count()).toBe(0);

    await panel.getByRole('button', { name: appText('wallet.admin.grant') }).click();
    const dialog = admin.getByRole('dialog');
    const months = dialog.getByRole('radio');
    expect(await months.count()).toBe(5);
    expect(await months.first().getAttribute('aria-checked')).toBe('true');
    await months.nth(2).click();
    const grant = admin.waitForRequest((request) =>
      request.url().endsWith(`/api/admin/users/${member.id}/grant-premium`),
    );
    await dialog.getByRole('button', { name: appText('wallet.admin.grantConfirm') }).click();
    expect((await grant).postDataJSON()).toEqual({ months: 3 });

    await toastWith(admin, appText('wallet.admin.grantSuccess')).waitFor();
    await header.getByTestId('premium-badge').waitFor();
    expect(await panel.getByTestId('premium-status').innerText()).toContain(
      appText('premium.status.source.admin_grant'),
    );
    // The member's sidebar wears the crown (user_updated refetches the member's user).
    await member.page.getByRole('img', { name: appText('premium.badgeLabel') }).waitFor({ state: 'attached' });

    admin.once('dialog', (confirm) => void confirm.accept());
    await revoke.click();
    await toastWith(admin, appText('wallet.admin.revokeSuccess')).waitFor();
    await panel.getByText(appText('premium.status.inactive')).waitFor();
    await revoke.waitFor({ state: 'detached' });
    expect(await header.getByTestId('premium-badge').count()).toBe(0);
  });

  it('shows no admin controls to a member, nor on an admin', async () => {
    const otherId = await registeredMemberId(e2e, newMember('altro'));
    const viewer = await memberAt(newMember('curioso'), `/profile/${otherId}`);
    await viewer.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await viewer.page.getByTestId('admin-member-card').count()).toBe(0);
    const seen = await viewer.page.request.get(`/api/user/${otherId}`);
    expect(((await seen.json()) as { credits: unknown }).credits).toBeNull();

    const adminId = await signedInUserId(await apiSession(e2e, ADMIN));
    await viewer.page.goto(`/profile/${adminId}`);
    await viewer.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await viewer.page.getByTestId('admin-member-card').count()).toBe(0);
  });
});

describeE2E('the tester panel on the feed', () => {
  it('adds the chosen amount of free credits, 1000 by default', async () => {
    const tester = await memberAt(newMember('tester'), '/');
    const panel = tester.page.getByTestId('tester-panel');
    expect(await panel.count()).toBe(0);

    await setTesterByApi(await apiSession(e2e, ADMIN), tester.id, true);
    // user_updated: the member's page learns the new role by push.
    await panel.waitFor();
    const presets = panel.getByRole('radio');
    expect(await presets.count()).toBe(4);
    expect(await panel.getByRole('radio', { checked: true }).innerText()).toBe(
      new Intl.NumberFormat('it').format(1000),
    );

    await panel.getByRole('button', { name: appText('wallet.tester.add') }).click();
    await toastWith(tester.page, appText('wallet.tester.successTitle')).waitFor();
    await untilText('the sidebar', () => sidebarCredits(tester.page), '1000');

    await presets.first().click();
    await panel.getByRole('button', { name: appText('wallet.tester.add') }).click();
    await untilText('the sidebar', () => sidebarCredits(tester.page), '1500');
  });

  it('says the tester refusal when the server does not take the grant', async () => {
    const tester = await memberAt(newMember('revocato'), '/');
    await setTesterByApi(await apiSession(e2e, ADMIN), tester.id, true);
    const panel = tester.page.getByTestId('tester-panel');
    await panel.waitFor();
    // The role is withdrawn while the panel is still on screen (the route answers as the BFF does for a non-tester).
    await tester.page.route('**/api/users/add-free-credits', (route) =>
      route.fulfill({ status: 403, json: { message: serverText('wallet.testerOnly') } }),
    );

    await panel.getByRole('button', { name: appText('wallet.tester.add') }).click();
    const refused = toastWith(tester.page, appText('common.error'));
    await refused.waitFor();
    expect(await refused.innerText()).toContain(appText('wallet.tester.error'));
    expect(await sidebarCredits(tester.page)).toBe('0');
  });
});
