import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { approveByApi, createPostByApi, decidePostByApi, postPhoto } from './content.js';
import { ADMIN, describeE2E, useE2E, type Session } from './harness.js';
import { apiSession, newMember, registerMember, signedInUserId, signInByApi, type Member } from './members.js';
import { appText, serverText, withValues } from './texts.js';
import { realtimeConnected, toastWith, until } from './waits.js';

// The platform's default: posts wait for a moderator.
const e2e = useE2E();

async function memberOnFeed(member: Member, approvedBy?: Session) {
  await registerMember(e2e.baseUrl, member);
  const page = await e2e.newPage();
  await signInByApi(page, member);
  if (approvedBy) await approveByApi(approvedBy, page, await signedInUserId(page));
  const connected = realtimeConnected(page);
  await page.goto('/');
  await connected;
  return page;
}

const cardWith = (page: Page, text: string) => page.getByTestId('post-card').filter({ hasText: text });

/** Composes a photo post in patate (the author is a woman) and answers the new post's id. */
async function compose(page: Page, text: string) {
  const composer = page.getByTestId('post-composer');
  await composer.getByLabel(appText('feed.composer.contentLabel')).fill(text);
  await composer.getByLabel(appText('feed.composer.media')).setInputFiles(await postPhoto());
  await composer.getByRole('radio', { name: appText('feed.categories.patate') }).click();
  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/posts' && response.request().method() === 'POST',
  );
  await composer.getByRole('button', { name: appText('feed.composer.submit') }).click();
  const { item } = (await (await created).json()) as { item: { post: { id: string } } };
  return item.post.id;
}

describeE2E('the feed when posts are moderated', () => {
  it('shows the author their waiting post, and everyone the post once an admin approves it', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const author = await memberOnFeed(newMember('attesa'), admin);
    const reader = await memberOnFeed({ ...newMember('aspetta'), gender: 'male' }, admin);

    const text = `In attesa ${Date.now()}`;
    const postId = await compose(author, text);
    await toastWith(author, serverText('content.postSubmitted')).waitFor();
    const own = cardWith(author, text);
    await own.getByTestId('post-status').getByText(appText('feed.post.pending')).waitFor();
    expect(await cardWith(reader, text).count()).toBe(0);

    await decidePostByApi(admin, postId, 'approved');
    await cardWith(reader, text).waitFor();
    await own.getByTestId('post-status').waitFor({ state: 'detached' });
  });

  it('shows the author a rejected post with its reason', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const author = await memberOnFeed(newMember('rifiutata'), admin);
    const text = `Da rifiutare ${Date.now()}`;
    const postId = await compose(author, text);
    await cardWith(author, text).getByText(appText('feed.post.pending')).waitFor();

    await decidePostByApi(admin, postId, 'rejected', 'Foto non pertinente');
    const status = cardWith(author, text).getByTestId('post-status');
    await status.getByText(appText('feed.post.rejected')).waitFor();
    await status
      .getByText(withValues(appText('feed.post.rejectionReason'), { reason: 'Foto non pertinente' }))
      .waitFor();
  });

  it('gives a member awaiting verification the feed without the composer, likes or comments', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const text = `Per tutti ${Date.now()}`;
    await decidePostByApi(admin, await createPostByApi(admin, { content: text, category: 'trending' }), 'approved');

    const pending = await memberOnFeed(newMember('nuova'));
    await pending.getByRole('heading', { name: appText('profile.pending.title') }).waitFor();
    expect(await pending.getByTestId('post-composer').count()).toBe(0);
    const card = cardWith(pending, text);
    await card.waitFor();
    const requests: string[] = [];
    pending.on('request', (request) => {
      if (request.url().includes('/like')) requests.push(request.url());
    });
    await card.getByRole('button', { name: `${appText('feed.post.like')} 0` }).click();
    await toastWith(pending, appText('feed.post.likeNotApproved')).waitFor();
    expect(requests).toEqual([]);
    expect(await card.getByLabel(appText('feed.comments.label')).isDisabled()).toBe(true);
    await until('the like count stays 0', async () => (await card.getByTestId('like-count').innerText()) === '0');
  });
});
