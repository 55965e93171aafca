import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { approveByApi, createPostByApi, decidePostByApi } from './content.js';
import { ADMIN, describeE2E, useE2E } from './harness.js';
import { newMember, registerMember, signedInUserId, signInByApi, type Member } from './members.js';
import { appText, withValues } from './texts.js';
import { realtimeConnected, toastWith, until } from './waits.js';

// The platform's default: posts wait for a moderator. Every test signs up members from one address.
const e2e = useE2E({ env: () => ({ REGISTER_LIMIT_PER_ADDRESS: '100', LOGIN_LIMIT_PER_ADDRESS: '100' }) });

/** Opens `path` once pushes reach the page. */
async function openLive(page: Page, path: string) {
  const connected = realtimeConnected(page);
  await page.goto(path);
  await connected;
}

async function adminOn(path: string) {
  const page = await e2e.newPage();
  await signInByApi(page, ADMIN);
  await openLive(page, path);
  return page;
}

/** A registered member signed in on a page of their own, approved by `admin` when given. */
async function memberPage(member: Member, admin?: Page) {
  await registerMember(e2e.baseUrl, member);
  const page = await e2e.newPage();
  await signInByApi(page, member);
  if (admin) await approveByApi(admin, page, await signedInUserId(page));
  return page;
}

const tab = (page: Page, key: string) => page.getByRole('tab', { name: new RegExp(`^${appText(key)}`) });

describeE2E('the admin console', () => {
  it('refuses members and asks visitors to sign in', async () => {
    const member = await memberPage(newMember('curioso'));
    await member.goto('/admin');
    const denied = member.getByTestId('admin-access-denied');
    await denied.getByRole('heading', { name: appText('admin.accessDenied.title') }).waitFor();
    await denied.getByText(appText('admin.accessDenied.description')).waitFor();
    await denied.getByRole('link', { name: appText('common.backHome') }).click();
    await until('the member is home', () => new URL(member.url()).pathname === '/');

    const visitor = await e2e.newPage();
    await visitor.goto('/admin');
    await visitor.getByRole('heading', { name: appText('admin.loginRequired.title') }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/admin');
  });

  it('approves a member awaiting verification, who sees it at once without a reload', async () => {
    const member = newMember('verifica');
    const memberTab = await memberPage(member);
    await openLive(memberTab, '/');
    const waiting = memberTab.getByRole('heading', { name: appText('profile.pending.title') });
    await waiting.waitFor();

    const admin = await adminOn('/admin');
    const identity = await admin.getByTestId('admin-identity').innerText();
    expect(identity.startsWith(withValues(appText('admin.authenticatedAs'), { username: '' }))).toBe(true);
    await tab(admin, 'admin.tabs.pendingUsers').click();
    // The member reaches moderation's queue by event: the list follows by push.
    const card = admin.getByTestId('pending-user').filter({ hasText: member.username });
    await card.waitFor();
    await card.getByText(member.email).waitFor();
    await card.getByText(appText('gender.female'), { exact: true }).waitFor();
    await card.getByText(appText('orientation.etero'), { exact: true }).waitFor();
    const photo = card.getByRole('link', {
      name: withValues(appText('admin.verifications.openPhoto'), { name: member.username }),
    });
    expect(await photo.getAttribute('target')).toBe('_blank');
    const photoAnswer = await admin.request.get((await photo.getAttribute('href')) ?? '');
    expect(photoAnswer.status()).toBe(200);
    expect(photoAnswer.headers()['content-type']).toMatch(/^image\//);

    const reloads: string[] = [];
    memberTab.on('framenavigated', (frame) => {
      if (frame === memberTab.mainFrame()) reloads.push(frame.url());
    });
    await card.getByRole('button', { name: appText('admin.actions.approve') }).click();
    await toastWith(admin, appText('admin.verifications.approved')).waitFor();
    await card.waitFor({ state: 'detached' });

    // The member's page hears it: the waiting card goes and the composer comes, with no navigation.
    await waiting.waitFor({ state: 'detached' });
    await memberTab.getByTestId('post-composer').waitFor();
    expect(reloads).toEqual([]);

    const users = await admin.request.get(`/api/admin/users?search=${member.username}`);
    const { users: found } = (await users.json()) as { users: { username: string; verificationStatus: string }[] };
    expect(found).toEqual([expect.objectContaining({ username: member.username, verificationStatus: 'approved' })]);
  });

  it('rejects a waiting post with reasons the author then reads', async () => {
    const admin = await adminOn('/admin?tab=pending-posts');
    const authorTab = await memberPage(newMember('autrice'), admin);
    const text = `Da rifiutare ${Date.now()}`;
    await createPostByApi(authorTab, { content: text, category: 'trending' });
    await openLive(authorTab, '/');
    const own = authorTab.getByTestId('post-card').filter({ hasText: text });
    await own.getByText(appText('feed.post.pending')).waitFor();

    const card = admin.getByTestId('pending-post').filter({ hasText: text });
    await card.waitFor();
    await card.getByText(appText('feed.categories.trending'), { exact: true }).waitFor();
    await card.getByRole('button', { name: appText('admin.actions.reject') }).click();

    const dialog = admin.getByRole('dialog', { name: appText('admin.rejection.postTitle') });
    const confirm = dialog.getByRole('button', { name: appText('admin.rejection.confirm') });
    expect(await dialog.getByRole('checkbox').count()).toBe(10);
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: appText('admin.rejection.postReasons.spam') }).check();
    expect(await confirm.isEnabled()).toBe(true);
    // 'Other' needs the admin's own words.
    await dialog.getByRole('checkbox', { name: appText('admin.rejection.postReasons.other') }).check();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(appText('admin.rejection.otherLabel')).fill('Foto non pertinente');
    const decided = admin.waitForResponse((response) => response.url().endsWith('/status'));
    await confirm.click();
    // Gone from the list at once; the server's answer follows.
    await card.waitFor({ state: 'detached' });
    const answer = await decided;
    expect(answer.status()).toBe(200);
    const reason = `${appText('admin.rejection.postReasons.spam')}, Foto non pertinente`;
    expect(answer.request().postDataJSON()).toEqual({ status: 'rejected', reason });
    await toastWith(admin, appText('admin.posts.rejected')).waitFor();

    const status = own.getByTestId('post-status');
    await status.getByText(appText('feed.post.rejected')).waitFor();
    await status.getByText(withValues(appText('feed.post.rejectionReason'), { reason })).waitFor();
  });

  it('says in the audit tab what each action was about: the member, the post and its author, the report, the feedback', async () => {
    const admin = await adminOn('/');
    const author = newMember('raccont');
    const authorTab = await memberPage(author, admin);
    const reporterTab = await memberPage(newMember('segnalat'), admin);
    const text = `Il mio primo post ${Date.now()}`;
    const postId = await createPostByApi(authorTab, { content: text, category: 'trending' });
    const gone = await createPostByApi(authorTab, { content: 'Da cancellare', category: 'trending' });
    // The new posts reach moderation's queue by event: until then a decision finds no post.
    for (const id of [postId, gone])
      await until('the post is approved', () =>
        decidePostByApi(admin, id, 'approved').then(
          () => true,
          (error: Error) => {
            if (!/: 404 /.test(error.message)) throw error;
            return false;
          },
        ),
      );
    await until('the report is taken', async () =>
      (
        await reporterTab.request.post(`/api/posts/${postId}/report`, { data: { reason: 'spam', description: '' } })
      ).ok(),
    );
    const reports = (await (await admin.request.get('/api/admin/reports')).json()) as { id: string; postId: string }[];
    const reportId = reports.find((group) => group.postId === postId)?.id ?? '';
    // Resolved, and the feedback too: what the other tests count as open stays theirs.
    await admin.request.put(`/api/admin/reports/${reportId}`, { data: { status: 'resolved', adminNotes: 'Nessuna' } });
    const sent = await reporterTab.request.post('/api/feedback', {
      data: { type: 'bug', message: 'La foto non si carica' },
    });
    const { id: feedbackId } = (await sent.json()) as { id: string };
    await admin.request.put(`/api/admin/feedback/${feedbackId}`, { data: { status: 'resolved' } });
    await admin.request.delete(`/api/admin/posts/${gone}`);
    await until('the last action is in the log', async () => {
      const { entries } = (await (await admin.request.get('/api/admin/audit')).json()) as {
        entries: { targetId: string }[];
      };
      return entries.some((entry) => entry.targetId === gone);
    });

    await admin.goto('/admin?tab=audit');
    const subjectOf = (action: string, target: string) =>
      admin
        .getByTestId('audit-entry')
        .filter({ hasText: appText(`admin.audit.actions.${action}`) })
        .getByTestId('audit-subject')
        .filter({ hasText: target })
        .first();
    const byAuthor = withValues(appText('admin.audit.subject.author'), { name: `@${author.username}` });
    const post = `${withValues(appText('admin.audit.subject.quoted'), { text })} ${byAuthor}`;
    await subjectOf('verification_approved', `@${author.username}`).waitFor();
    await subjectOf('post_approved', post).waitFor();
    await subjectOf(
      'report_resolved',
      withValues(appText('admin.audit.subject.report'), { reason: appText('admin.reports.reasons.spam'), post }),
    ).waitFor();
    await subjectOf(
      'feedback_status_changed',
      withValues(appText('admin.audit.subject.feedback'), {
        type: appText('admin.feedback.types.bug'),
        text: withValues(appText('admin.audit.subject.quoted'), { text: 'La foto non si carica' }),
      }),
    ).waitFor();
    await subjectOf('post_deleted', `${appText('admin.reports.postDeleted')} ${byAuthor}`).waitFor();
    // No entry shows a bare id.
    for (const id of [postId, gone, reportId, feedbackId])
      expect(await admin.getByTestId('audit-subject').filter({ hasText: id }).count()).toBe(0);

    // A subject filters the log by what it is about.
    await subjectOf('post_approved', post).click();
    await until('only the post’s actions are listed', async () => {
      const subjects = await admin.getByTestId('audit-subject').allInnerTexts();
      return subjects.length === 2 && subjects.every((subject) => subject.includes(text));
    });
  });

  it('takes a report into review and resolves it, with the console’s notes', async () => {
    const admin = await adminOn('/admin?tab=reports');
    const text = `Segnalato ${Date.now()}`;
    const postId = await createPostByApi(admin, { content: text, category: 'trending' });
    // The new post reaches moderation's queue by event: until then the decision finds no post.
    await until('the post is approved', () =>
      decidePostByApi(admin, postId, 'approved').then(
        () => true,
        (error: Error) => {
          if (!/: 404 /.test(error.message)) throw error;
          return false;
        },
      ),
    );
    const reporter = newMember('segnala');
    const reporterTab = await memberPage(reporter, admin);
    // The approval reaches the reports' side by event: a report on a post it does not know yet is refused.
    let reported = 0;
    await until('the report is taken', async () => {
      const response = await reporterTab.request.post(`/api/posts/${postId}/report`, {
        data: { reason: 'spam', description: 'Pubblicità ingannevole' },
      });
      reported = response.status();
      return reported === 201 || reported === 409;
    });
    expect(reported).toBe(201);

    const group = admin.getByTestId('report-group').filter({ hasText: text });
    await group.waitFor();
    await group.getByText(withValues(appText('admin.reports.count'), { count: 1 })).waitFor();
    const report = group.getByTestId('report');
    await report.getByText(withValues(appText('admin.reports.reporter'), { name: `@${reporter.username}` })).waitFor();
    await report.getByText(appText('admin.reports.reasons.spam'), { exact: true }).waitFor();
    await report.getByText('Pubblicità ingannevole').waitFor();
    await group.getByText(appText('admin.reports.statuses.pending'), { exact: true }).waitFor();
    const reportsTab = tab(admin, 'admin.tabs.reports');
    await reportsTab.getByTestId('tab-count').waitFor();

    await group.getByRole('button', { name: appText('admin.reports.takeInReview') }).click();
    await toastWith(admin, appText('admin.reports.updated')).waitFor();
    await group.getByText(appText('admin.reports.statuses.in_review'), { exact: true }).waitFor();
    await group.getByTestId('report-notes').getByText(appText('admin.reports.notes.inReview')).waitFor();
    await group.getByRole('button', { name: appText('admin.reports.takeInReview') }).waitFor({ state: 'detached' });

    const resolved = admin.waitForResponse(
      (response) => response.url().includes('/api/admin/reports/') && response.request().method() === 'PUT',
    );
    await group.getByRole('button', { name: appText('admin.reports.resolve') }).click();
    expect((await resolved).request().postDataJSON()).toEqual({
      status: 'resolved',
      adminNotes: appText('admin.reports.notes.resolvedAfterReview'),
    });
    await group.getByText(appText('admin.reports.statuses.resolved'), { exact: true }).waitFor();
    await group.getByTestId('report-notes').getByText(appText('admin.reports.notes.resolvedAfterReview')).waitFor();
    // Resolved: no actions left, and the tab counts no open report.
    await until('the resolved group offers no action', async () => (await group.getByRole('button').count()) === 0);
    await reportsTab.getByTestId('tab-count').waitFor({ state: 'detached' });
  });
});
