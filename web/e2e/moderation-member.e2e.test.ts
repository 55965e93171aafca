import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { approveByApi, createPostByApi } from './content.js';
import { ADMIN, describeE2E, useE2E, type Session } from './harness.js';
import { apiSession, newMember, registerMember, signedInUserId, signInByApi, type Member } from './members.js';
import { appText, withValues } from './texts.js';
import { addressOf, realtimeConnected, toastWith, until } from './waits.js';

// Posts are published at once, so a member can report the admin's post straight away. Every test signs up members
// from one address: more than the production limits allow in an hour.
const e2e = useE2E({
  env: () => ({ POST_APPROVAL: 'immediate', REGISTER_LIMIT_PER_ADDRESS: '100', LOGIN_LIMIT_PER_ADDRESS: '100' }),
});

type Counts = { pendingPosts: number; pendingVerifications: number; openReports: number; openFeedback: number };

/** A registered member signed in on a page of their own, approved by `admin` when given. */
async function memberPage(member: Member, admin?: Session) {
  await registerMember(e2e.baseUrl, member);
  const page = await e2e.newPage();
  await signInByApi(page, member);
  if (admin) await approveByApi(admin, page, await signedInUserId(page));
  return page;
}

/** Opens `path` once pushes reach the page. */
async function openLive(page: Page, path: string) {
  const connected = realtimeConnected(page);
  await page.goto(path);
  await connected;
}

async function countsOf(admin: Session): Promise<Counts> {
  const response = await admin.request.get('/api/admin/counts');
  expect(response.status()).toBe(200);
  return (await response.json()) as Counts;
}

/** The counts once what was done before has reached moderation (two reads a second apart agree). */
async function settledCounts(admin: Session): Promise<Counts> {
  let last = await countsOf(admin);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const next = await countsOf(admin);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
}

const pendingWork = (counts: Counts) => counts.pendingPosts + counts.pendingVerifications + counts.openReports;
const cardWith = (page: Page, text: string) => page.getByTestId('post-card').filter({ hasText: text });
const reportedText = (count: number) =>
  count === 1 ? appText('adminAlerts.reportedOne') : withValues(appText('adminAlerts.reportedMany'), { count });

/** Opens the report dialog of the post showing `text`, from its '…' menu. */
async function openReportDialog(page: Page, text: string) {
  await cardWith(page, text)
    .getByRole('button', { name: appText('feed.post.menu') })
    .click();
  await page.getByRole('menuitem', { name: appText('feed.post.report') }).click();
  const dialog = page.getByRole('dialog', { name: appText('report.title') });
  await dialog.waitFor();
  return dialog;
}

describeE2E('feedback, post reports and the admin alerts', () => {
  it('takes feedback from the form to the thanks screen, and an admin finds it in the list', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const member = newMember('opinione');
    const page = await memberPage(member);
    await page.goto('/feedback');

    const form = page.getByTestId('feedback-form');
    await page.getByText(withValues(appText('feedback.sentBy'), { name: member.username })).waitFor();
    // The type starts as 'other'.
    await form.getByLabel(appText('feedback.typeLabel')).getByText(appText('feedback.types.other')).waitFor();
    const submit = form.getByRole('button', { name: appText('feedback.submit') });

    // Blank (spaces only) is refused on the page: nothing is sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/feedback') sent.push(request.method());
    });
    await form.getByLabel(appText('feedback.messageLabel')).fill('   ');
    await submit.click();
    await toastWith(page, appText('feedback.messageRequired')).waitFor();
    expect(sent).toEqual([]);

    const message = `Manca la modalità scura ${Date.now()}`;
    await form.getByLabel(appText('feedback.typeLabel')).click();
    await page.getByRole('option', { name: appText('feedback.types.feature') }).click();
    await form.getByLabel(appText('feedback.messageLabel')).fill(`  ${message}  `);
    await form
      .getByTestId('feedback-counter')
      .getByText(`${message.length + 4}/1000`)
      .waitFor();
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/feedback' && response.request().method() === 'POST',
    );
    await submit.click();
    const response = await answered;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({ type: 'feature', message });
    await toastWith(page, appText('feedback.thanksToast')).waitFor();
    const thanks = page.getByTestId('feedback-thanks');
    await thanks.waitFor();

    // 'Invia un altro feedback' brings back an empty form.
    await thanks.getByRole('button', { name: appText('feedback.sendAnother') }).click();
    expect(await page.getByTestId('feedback-form').getByLabel(appText('feedback.messageLabel')).inputValue()).toBe('');

    // Signed out meanwhile (the session cookie gone): 'Unauthorized', then the login page by /api/login.
    await page.context().clearCookies();
    await page.getByTestId('feedback-form').getByLabel(appText('feedback.messageLabel')).fill('Ancora io');
    await page
      .getByTestId('feedback-form')
      .getByRole('button', { name: appText('feedback.submit') })
      .click();
    expect(await toastWith(page, appText('feedback.loggedOut')).innerText()).toContain(
      appText('feedback.unauthorized'),
    );
    await until('the browser went to sign in again', () => addressOf(page) === '/login');

    const list = await admin.request.get('/api/feedback');
    expect(list.status()).toBe(200);
    const items = (await list.json()) as { type: string; message: string; user: { username: string | null } | null }[];
    expect(items.find((item) => item.message === message)).toMatchObject({
      type: 'feature',
      user: { username: member.username },
    });
  });

  it('reports someone else’s post from its menu: a reason is required, then the report is sent once', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const text = `Da segnalare ${Date.now()}`;
    await createPostByApi(admin, { content: text, category: 'trending' });
    const member = newMember('segnala');
    const page = await memberPage(member, admin);
    await openLive(page, '/');

    const dialog = await openReportDialog(page, text);
    const send = dialog.getByRole('button', { name: appText('report.submit') });
    await send.click();
    await dialog.getByText(appText('report.reasonRequired')).waitFor();

    await dialog.getByRole('radio', { name: appText('report.reasons.harassment') }).click();
    await dialog.getByText(appText('report.reasonRequired')).waitFor({ state: 'detached' });
    await dialog.getByLabel(appText('report.descriptionLabel')).fill('Insulti nei commenti');
    await dialog.getByText('20/1000').waitFor();
    await send.click();
    await toastWith(page, appText('report.sent')).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const reports = (await (await admin.request.get('/api/admin/reports')).json()) as {
      post: { content: string } | null;
      reports: { reason: string; description: string | null; reporter: { username: string | null } }[];
    }[];
    const group = reports.find((item) => item.post?.content === text);
    expect(group?.reports).toEqual([
      expect.objectContaining({
        reason: 'harassment',
        description: 'Insulti nei commenti',
        reporter: expect.objectContaining({ username: member.username }),
      }),
    ]);

    // A second report while the first is open is refused with the server's reason.
    const again = await openReportDialog(page, text);
    await again.getByRole('radio', { name: appText('report.reasons.spam') }).click();
    const refused = page.waitForResponse((response) => response.url().endsWith('/report'));
    await again.getByRole('button', { name: appText('report.submit') }).click();
    const answer = await refused;
    expect(answer.status()).toBe(409);
    const { message } = (await answer.json()) as { message: string };
    await toastWith(page, message).waitFor();

    // No 'Segnala' on one's own post.
    const own = `Mio ${Date.now()}`;
    await createPostByApi(page, { content: own, category: 'trending' });
    await page.goto('/');
    await cardWith(page, own).waitFor();
    // Its menu offers deletion only.
    await cardWith(page, own)
      .getByRole('button', { name: appText('feed.post.menu') })
      .click();
    await page.getByRole('menuitem', { name: appText('feed.post.delete') }).waitFor();
    expect(await page.getByRole('menuitem', { name: appText('feed.post.report') }).count()).toBe(0);
  });

  it('shows admins the pending work, open feedback and reported posts, rising live without polling', async () => {
    const admin = await e2e.newPage();
    await signInByApi(admin, ADMIN);
    const postId = await createPostByApi(admin, { content: `Segnalato dal vivo ${Date.now()}`, category: 'trending' });
    const reporter = await memberPage(newMember('spia'), admin);
    const before = await settledCounts(admin);

    const counted: string[] = [];
    admin.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/counts') counted.push(request.url());
    });
    await openLive(admin, '/');
    const topBarBadge = admin.locator('header').getByTestId('admin-work-badge');
    const shows = async (expected: number) => (await topBarBadge.textContent().catch(() => null)) === String(expected);
    if (pendingWork(before) > 0)
      await until(`the badge shows ${pendingWork(before)}`, () => shows(pendingWork(before)));
    // With the socket up nothing polls: the counts are asked once, then only when a push says they changed.
    await until('the counts were asked', () => counted.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(counted).toHaveLength(1);

    // A member reports the post in their own browser: the admin's badge and banner follow by push.
    const report = await reporter.request.post(`/api/posts/${postId}/report`, { data: { reason: 'spam' } });
    expect(report.status()).toBe(201);
    await until(`the badge shows ${pendingWork(before) + 1}`, () => shows(pendingWork(before) + 1));
    await admin.getByRole('button', { name: appText('nav.openMenu') }).click();
    const sidebar = admin.getByRole('complementary', { name: appText('nav.mainNavigation') });
    const banner = sidebar.getByTestId('reported-posts-banner');
    await banner.getByText(reportedText(before.openReports + 1)).waitFor();
    await sidebar
      .getByRole('link', { name: appText('nav.admin') })
      .getByText(String(pendingWork(before) + 1))
      .waitFor();

    // Feedback from another member raises the feedback entry's badge.
    const feedbackBadge = sidebar.getByTestId('open-feedback-badge');
    const feedback = await reporter.request.post('/api/feedback', { data: { type: 'bug', message: 'Un bug' } });
    expect(feedback.status()).toBe(201);
    await until(`the feedback badge shows ${before.openFeedback + 1}`, async () => {
      return (await feedbackBadge.textContent().catch(() => null)) === String(before.openFeedback + 1);
    });

    // The banner leads to the console's reports.
    await banner.click();
    await until('the admin console opened', () => addressOf(admin) === '/admin?tab=reports');
  });

  it('walks admins through the five registration steps and turns members away', async () => {
    const admin = await e2e.newPage();
    await signInByApi(admin, ADMIN);
    await admin.goto('/');
    await admin.getByRole('link', { name: appText('home.demoRegistration') }).click();
    await until('the demo opened', () => addressOf(admin) === '/demo-registrazione');

    const steps = ['registration', 'email', 'photo', 'waiting', 'approved'];
    for (const [index, step] of steps.entries()) {
      const card = admin.getByTestId('demo-step');
      await card.getByText(withValues(appText('demoRegistration.progress'), { step: index + 1, total: 5 })).waitFor();
      await card.getByRole('heading', { name: appText(`demoRegistration.steps.${step}.title`) }).waitFor();
      if (index < steps.length - 1) await admin.getByRole('button', { name: appText('demoRegistration.next') }).click();
    }
    const title = (step: string) =>
      admin.getByTestId('demo-step').getByRole('heading', { name: appText(`demoRegistration.steps.${step}.title`) });
    await admin.getByRole('button', { name: appText('demoRegistration.back') }).click();
    await title('waiting').waitFor();
    await admin.getByRole('button', { name: appText('demoRegistration.next') }).click();
    await admin.getByRole('button', { name: appText('demoRegistration.restart') }).click();
    await title('registration').waitFor();
    expect(await admin.getByRole('button', { name: appText('demoRegistration.back') }).isDisabled()).toBe(true);

    const member = await memberPage(newMember('curioso'));
    await member.goto('/');
    await member.getByRole('heading', { level: 1 }).waitFor();
    expect(await member.getByRole('link', { name: appText('home.demoRegistration') }).count()).toBe(0);
    await member.goto('/demo-registrazione');
    await member.getByRole('heading', { name: appText('demoRegistration.denied.title') }).waitFor();
    expect(await member.getByTestId('demo-step').count()).toBe(0);
  });
});
