import { expect, it } from '@jest/globals';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { expectAccessible } from './accessibility.js';
import { approveByApi, createPostByApi } from './content.js';
import { ADMIN, describeE2E, useE2E, type Session } from './harness.js';
import { apiSession, newMember, registerMember, signedInUserId, signInByApi } from './members.js';
import { appText, serverText, withValues } from './texts.js';
import { addressOf, realtimeConnected, until } from './waits.js';

const e2e = useE2E({
  env: () => ({ POST_APPROVAL: 'immediate', REGISTER_LIMIT_PER_ADDRESS: '100', LOGIN_LIMIT_PER_ADDRESS: '100' }),
});

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * An approved member signed in on a page of their own, who has read what they were told of their approval and of
 * this sign-in (a new device: the API registered them): their bell starts at nothing.
 */
async function member(admin: Session, tag: string, options: BrowserContextOptions = DESKTOP) {
  const registered = await registerMember(e2e.baseUrl, newMember(tag));
  const page = await e2e.newPage(options);
  await signInByApi(page, registered);
  const id = await signedInUserId(page);
  await approveByApi(admin, page, id);
  await until('the approval and the new device told', async () => {
    const unread = await page.request.get('/api/notifications/unread-count');
    return ((await unread.json()) as { count: number }).count === 2;
  });
  const read = await page.request.post('/api/notifications/read', { data: { all: true } });
  if (!read.ok()) throw new Error(`reading the approval: ${read.status()}`);
  return { page, id, username: registered.username };
}

/** Opens the feed and resolves once pushes reach the page; answers the API requests the page makes from then on. */
async function openFeed(page: Page) {
  const connected = realtimeConnected(page);
  await page.goto('/');
  await connected;
  await page.getByRole('radiogroup', { name: appText('feed.categories.label') }).waitFor();
  const requests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) requests.push(`${request.method()} ${pathname}`);
  });
  return requests;
}

const liked = (username: string) => withValues(serverText('notifications.textPostLiked'), { name: username });

describeE2E('notifications', () => {
  it('rings the author’s bell by push when another member likes their post, and leads to the post, read', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const author = await member(admin, 'autrice');
    const liker = await member(admin, 'fan');
    const postId = await createPostByApi(author.page, {
      content: `Il mio post ${author.username}`,
      category: 'trending',
    });
    const requests = await openFeed(author.page);
    const badge = author.page.getByTestId('notification-bell').getByTestId('notifications-badge');
    expect(await badge.count()).toBe(0);

    const like = await liker.page.request.post(`/api/posts/${postId}/like`);
    expect(like.ok()).toBe(true);
    await until(
      'the bell counts the like',
      async () => (await badge.count()) === 1 && (await badge.innerText()) === '1',
    );
    // The count came by push: the page asked nothing for it.
    expect(requests.filter((request) => request.includes('/api/notifications'))).toEqual([]);

    await author.page.getByTestId('notification-bell').click();
    const panel = author.page.getByTestId('notifications-panel');
    const entry = panel.getByTestId('notification').filter({ hasText: liked(liker.username) });
    await entry.waitFor();
    expect(await entry.getAttribute('data-read')).toBe('false');
    await expectAccessible(author.page, 'the notifications panel');
    await entry.click();

    await until('the post opened', () => addressOf(author.page) === `/posts/${postId}`);
    await author.page
      .getByTestId('post-card')
      .filter({ hasText: `Il mio post ${author.username}` })
      .waitFor();
    await until('the bell has nothing unread', async () => (await badge.count()) === 0);
    await expectAccessible(author.page, 'a post opened from a notification');
    const page = (await (await author.page.request.get('/api/notifications')).json()) as {
      notifications: { postId: string; read: boolean }[];
    };
    expect(page.notifications[0]).toMatchObject({ postId, read: true });
  });

  it('gathers likes in one entry, and opens the list as a page on a phone', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const author = await member(admin, 'telefono', PHONE);
    const fans = [await member(admin, 'primo'), await member(admin, 'secondo'), await member(admin, 'terzo')];
    const postId = await createPostByApi(author.page, { content: 'Dal telefono', category: 'trending' });
    for (const fan of fans) expect((await fan.page.request.post(`/api/posts/${postId}/like`)).ok()).toBe(true);
    await openFeed(author.page);
    const bell = author.page.getByTestId('notification-bell-link');
    await until('the bell counts one entry', async () => (await bell.getByTestId('notifications-badge').count()) === 1);

    await bell.click();
    await until('the notifications page', () => addressOf(author.page) === '/notifications');
    const gathered = withValues(serverText('notifications.textPostLiked_others_other'), {
      name: fans[2]?.username ?? '',
      count: 2,
    });
    await author.page.getByTestId('notification').filter({ hasText: gathered }).waitFor();
    // The likes gathered in one entry, beside the approval and the new device, read.
    expect(await author.page.getByTestId('notification').count()).toBe(3);
    await expectAccessible(author.page, 'the notifications page');
    await author.page.getByRole('button', { name: appText('notifications.markAllRead') }).click();
    await until('nothing unread', async () => (await bell.getByTestId('notifications-badge').count()) === 0);
  });
});
