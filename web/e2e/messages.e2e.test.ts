import { expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  addCreditsByApi,
  approveForMessaging,
  createPostByApi,
  memberOnPage,
  memberOnApi,
  type SetUp,
} from './content.js';
import { ADMIN, describeE2E, useE2E, type Session } from './harness.js';
import { apiSession, newMember, signedInUserId, signInByApi, type Member } from './members.js';
import { appText, serverText, withValues } from './texts.js';
import { addressOf, realtimeConnected, toastWith, until } from './waits.js';
import { payWithCard } from './wallet.js';

// Posts are published at once (one test contacts an author from the feed). Every test signs up a few members from one
// address: more than the production limits allow in an hour.
const e2e = useE2E({
  env: () => ({ POST_APPROVAL: 'immediate', REGISTER_LIMIT_PER_ADDRESS: '100', LOGIN_LIMIT_PER_ADDRESS: '100' }),
});

/** The members of this file are approved once messaging too has heard of it. */
const memberWith = (admin: Session, member: Member, setUp: SetUp = {}) =>
  memberOnPage(e2e, admin, member, { ...setUp, approve: approveForMessaging });
const memberByApi = (admin: Session, member: Member, setUp: SetUp = {}) =>
  memberOnApi(e2e, admin, member, { ...setUp, approve: approveForMessaging });

/** Opens /messages (with `?user=`) once pushes reach the page. */
async function openMessages(page: Page, otherUserId?: string) {
  const connected = realtimeConnected(page);
  await page.goto(otherUserId ? `/messages?user=${encodeURIComponent(otherUserId)}` : '/messages');
  await connected;
  await page.getByTestId('conversation-list').waitFor({ state: 'attached' });
}

const input = (page: Page) => page.getByTestId('message-input');
const topBarBadge = (page: Page) => page.locator('header').getByTestId('unread-badge');
const rowOf = (page: Page, userId: string) =>
  page.locator(`[data-testid="conversation-row"][data-user-id="${userId}"]`);
const ownMessage = (page: Page, text: string) =>
  page.locator('[data-testid="message"][data-own="true"]', { hasText: text });

/** Writes `text` and sends it with Enter, then waits for the toast and for the message to show sent. */
async function sendAndSeeSent(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
  await toastWith(page, appText('messages.sent')).waitFor();
  await until(
    'the message shows sent',
    async () => (await ownMessage(page, text).getAttribute('data-state')) === 'sent',
  );
}

const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { messagesMarker: true }));
const stillSameDocument = (page: Page) => page.evaluate(() => 'messagesMarker' in window);

describeE2E('messages', () => {
  it('delivers a message without a reload: the unread badge rises and falls, the read state reaches the sender, typing shows', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const sender = await memberWith(admin, newMember('mittente'), { credits: 10 });
    const recipient = await memberWith(admin, newMember('destina'), { credits: 2 });

    await openMessages(recipient.page);
    await markDocument(recipient.page);
    expect(await topBarBadge(recipient.page).count()).toBe(0);

    // ?user= opens the (new) conversation with the field focused; the header names the other member.
    await openMessages(sender.page, recipient.id);
    await until('the field is focused', () =>
      sender.page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'message-input'),
    );
    await sender.page.getByTestId('thread-name').getByText(recipient.member.username).waitFor();
    await sender.page.getByTestId('thread-verification').getByText(appText('messages.verified')).waitFor();
    await sender.page.getByTestId('thread-empty').waitFor();
    await sender.page.getByText(withValues(appText('messages.cost'), { cost: 2 })).waitFor();

    const text = `Ciao ${recipient.member.username}, ti scrivo dal feed`;
    await sendAndSeeSent(sender.page, text);
    await until('2 credits were taken', async () => {
      const response = await sender.page.request.get('/api/auth/user');
      return ((await response.json()) as { credits: number }).credits === 8;
    });

    // The recipient's list and badge change by push, in the same document.
    await rowOf(recipient.page, sender.id).getByText(text).waitFor();
    await until(
      'the top bar counts one unread message',
      async () => (await topBarBadge(recipient.page).innerText()) === '1',
    );
    expect(await rowOf(recipient.page, sender.id).getByTestId('unread-badge').innerText()).toBe('1');
    expect(await stillSameDocument(recipient.page)).toBe(true);

    // Opening the conversation reads it (after 1 s): the badges fall, the sender sees it read.
    await rowOf(recipient.page, sender.id).click();
    await recipient.page.locator('[data-testid="message"][data-own="false"]', { hasText: text }).waitFor();
    await topBarBadge(recipient.page).waitFor({ state: 'detached' });
    expect(await rowOf(recipient.page, sender.id).getByTestId('unread-badge').count()).toBe(0);
    await until(
      'the sender sees the message read',
      async () => (await ownMessage(sender.page, text).getAttribute('data-state')) === 'read',
    );

    // An answer arrives in the sender's open thread by push.
    const answer = 'Ciao! Grazie del messaggio';
    await input(recipient.page).fill(answer);
    // Typing shows on the other side.
    await sender.page.getByTestId('thread-presence').getByText(appText('messages.typing')).waitFor();
    await input(recipient.page).press('Enter');
    await toastWith(recipient.page, appText('messages.sent')).waitFor();
    await sender.page.locator('[data-testid="message"][data-own="false"]', { hasText: answer }).waitFor();
    expect(await stillSameDocument(recipient.page)).toBe(true);
  });

  it('shows what was sent while the socket was down once it reconnects, without a reload', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const sender = await memberByApi(admin, newMember('insiste'), { credits: 10 });
    const recipient = await memberWith(admin, newMember('assente'));
    const status = () => recipient.page.getByTestId('connection-status').getAttribute('data-status');
    const up = async () => ['connected', 'restored'].includes((await status()) ?? '');

    await openMessages(recipient.page);
    await markDocument(recipient.page);
    await until('the socket is up', up);
    expect(await topBarBadge(recipient.page).count()).toBe(0);

    // The recipient's network goes: the socket drops and no fallback poll gets through either, so only the
    // reconnection can bring what follows.
    await recipient.page.context().setOffline(true);
    await until('the socket is down', async () => !(await up()));
    const text = `Mentre eri offline, ${recipient.member.username}`;
    const sent = await sender.session.request.post('/api/messages', {
      data: { id: randomUUID(), recipientId: recipient.id, content: text },
    });
    expect(sent.status()).toBe(201);
    // The sidebar's balance is no message screen: it comes back too.
    await addCreditsByApi(admin, recipient.id, 3);
    expect(await rowOf(recipient.page, sender.id).count()).toBe(0);

    await recipient.page.context().setOffline(false);
    await until('the socket is back', up);
    await rowOf(recipient.page, sender.id).getByText(text).waitFor();
    await until(
      'the top bar counts one unread message',
      async () => (await topBarBadge(recipient.page).innerText()) === '1',
    );
    await until(
      'the sidebar shows 3 credits',
      async () => (await recipient.page.getByTestId('sidebar-credits').innerText()) === '3',
    );
    expect(await stillSameDocument(recipient.page)).toBe(true);
  });

  it("offers 'Contatta (2 crediti)' on others' posts that show their author, opening the conversation; not with a missing member or oneself", async () => {
    const admin = await apiSession(e2e, ADMIN);
    const author = await memberWith(admin, newMember('autrice'));
    const reader = await memberWith(admin, newMember('lettrice'));
    const shown = `Chi viene a cena? ${author.member.username}`;
    await createPostByApi(author.page, { content: shown, category: 'trending' });
    const hidden = `Post anonimo ${author.member.username}`;
    const anonymous = await author.page.request.post('/api/posts', {
      multipart: { content: hidden, category: 'trending', showProfileData: 'false' },
    });
    expect(anonymous.status()).toBe(201);

    const contact = withValues(appText('messages.contact'), { cost: 2 });
    const card = (page: Page, text: string) => page.getByTestId('post-card').filter({ hasText: text });
    await author.page.goto('/');
    await card(author.page, shown).waitFor();
    expect(await card(author.page, shown).getByRole('link', { name: contact }).count()).toBe(0);

    await reader.page.goto('/');
    await card(reader.page, hidden).waitFor();
    // The anonymous post is contacted through the post (see the next test), never by its author's id.
    const throughPost = await card(reader.page, hidden).getByRole('link', { name: contact }).getAttribute('href');
    expect(throughPost).toMatch(/^\/messages\?post=/);
    await card(reader.page, shown).getByRole('link', { name: contact }).click();
    await until('the conversation is open', () => addressOf(reader.page) === `/messages?user=${author.id}`);
    await reader.page.getByTestId('thread-name').getByText(author.member.username).waitFor();
    await until('the field is focused', () =>
      reader.page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'message-input'),
    );

    // A member who does not exist, and oneself, cannot be written to.
    await reader.page.goto(`/messages?user=${randomUUID()}`);
    await reader.page.getByTestId('thread-name').getByText(appText('messages.userNotFound')).waitFor();
    await toastWith(reader.page, appText('messages.unavailable')).waitFor();
    await reader.page.goto(`/messages?user=${reader.id}`);
    await toastWith(reader.page, appText('messages.self')).waitFor();
    await until('the address drops ?user=', () => addressOf(reader.page) === '/messages');
  });

  it("contacts an anonymous post's author through the post: the author sees who wrote and answers, the member never learns who", async () => {
    const admin = await apiSession(e2e, ADMIN);
    const author = await memberWith(admin, newMember('segreta'), { credits: 10 });
    const reader = await memberWith(admin, newMember('curiosa'), { credits: 10 });
    const hidden = `Indovina chi sono ${reader.member.username}`;
    const created = await author.page.request.post('/api/posts', {
      multipart: { content: hidden, category: 'trending', showProfileData: 'false' },
    });
    expect(created.status()).toBe(201);
    const postId = ((await created.json()) as { item: { post: { id: string } } }).item.post.id;
    const comment = await author.page.request.post(`/api/posts/${postId}/comments`, { data: { content: 'Sono io!' } });
    expect(comment.status()).toBe(201);

    await openMessages(author.page);
    const connected = realtimeConnected(reader.page);
    await reader.page.goto('/');
    await connected;
    const card = reader.page.getByTestId('post-card').filter({ hasText: hidden });
    await card.getByTestId('post-author').getByText(appText('feed.post.anonymous')).waitFor();
    // The author's own comment under it is the post's author's, unnamed.
    await card.getByTestId('post-comments').getByText(appText('feed.comments.postAuthor')).waitFor();
    expect(await card.innerText()).not.toContain(author.member.username);
    await card.getByRole('link', { name: withValues(appText('messages.contact'), { cost: 2 }) }).click();
    await until(
      'the conversation through the post is open',
      () => addressOf(reader.page) === `/messages?post=${postId}`,
    );
    await reader.page.getByTestId('thread-name').getByText(appText('messages.anonymousAuthor')).waitFor();
    await reader.page.getByText(appText('messages.throughPost')).waitFor();
    const question = 'Ciao! Chi sei?';
    await input(reader.page).fill(question);
    await input(reader.page).press('Enter');
    await toastWith(reader.page, appText('messages.sent')).waitFor();
    await reader.page
      .locator(`[data-testid="conversation-row"][data-post-id="${postId}"]`)
      .getByText(appText('messages.anonymousAuthor'))
      .waitFor();

    // The author's list shows the member, by push, as a conversation through the post; the author answers there.
    const row = author.page.locator(
      `[data-testid="conversation-row"][data-user-id="${reader.id}"][data-post-id="${postId}"]`,
    );
    await row.getByText(question).waitFor();
    await row.getByText(appText('messages.throughYourPost')).waitFor();
    await row.click();
    await author.page.getByTestId('thread-name').getByText(reader.member.username).waitFor();
    await author.page.locator('[data-testid="message"][data-own="false"]', { hasText: question }).waitFor();
    const answer = 'Non te lo dico, ma grazie';
    await input(author.page).fill(answer);
    await input(author.page).press('Enter');
    await toastWith(author.page, appText('messages.sent')).waitFor();

    await reader.page.locator('[data-testid="message"][data-own="false"]', { hasText: answer }).waitFor();
    await until(
      'the member sees the question read',
      async () => (await ownMessage(reader.page, question).getAttribute('data-state')) === 'read',
    );
    const seen = await reader.page.content();
    expect(seen).not.toContain(author.member.username);
    expect(seen).not.toContain(author.id);
  });

  it("pages a long thread with 'load older', and lets an admin write for free", async () => {
    const admin = await e2e.newPage();
    await signInByApi(admin, ADMIN);
    const adminId = await signedInUserId(admin);
    const member = await memberWith(admin, newMember('lettore'));
    for (let n = 1; n <= 31; n += 1) {
      const sent = await admin.request.post('/api/messages', {
        data: { id: randomUUID(), recipientId: member.id, content: `Messaggio numero ${n}.` },
      });
      expect(sent.status()).toBe(201);
    }

    await openMessages(member.page, adminId);
    const incoming = member.page.locator('[data-testid="message"][data-own="false"]');
    await incoming.filter({ hasText: 'Messaggio numero 31.' }).waitFor();
    expect(await incoming.count()).toBe(30);
    await member.page.getByRole('button', { name: appText('messages.loadOlder') }).click();
    await incoming.filter({ hasText: 'Messaggio numero 1.' }).waitFor();
    expect(await incoming.count()).toBe(31);
    expect(await incoming.first().innerText()).toContain('Messaggio numero 1.');

    await openMessages(admin, member.id);
    await admin.getByText(appText('messages.costAdmin')).waitFor();
  });

  it('says under the field when the credits are too few (402), keeps the text, and comes back from the checkout to send it', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const sender = await memberWith(admin, newMember('squattr'), { credits: 1 });
    const recipient = await memberByApi(admin, newMember('ricevent'));

    await openMessages(sender.page, recipient.id);
    const text = 'Un messaggio che non posso pagare';
    await input(sender.page).fill(text);
    await input(sender.page).press('Enter');

    const refused = sender.page.getByTestId('out-of-credits');
    await refused.getByText(serverText('wallet.insufficientCredits')).waitFor();
    await refused.getByText(appText('messages.draftKept')).waitFor();
    expect(await toastWith(sender.page, appText('messages.sendFailed')).count()).toBe(0);
    await ownMessage(sender.page, text).waitFor({ state: 'detached' });
    await sender.page.getByTestId('thread-empty').waitFor();
    expect(await input(sender.page).inputValue()).toBe(text);
    const unread = await recipient.session.request.get('/api/messages/unread-count');
    expect(await unread.json()).toEqual({ count: 0 });

    // One tap to the checkout, and back to the conversation once paid, the text still in the field.
    await refused.getByRole('link', { name: appText('nav.buyCredits') }).click();
    await sender.page.waitForURL((url) => url.pathname === '/checkout');
    await payWithCard(sender.page, '4242 4242 4242 4242', 999);
    await sender.page.waitForURL(
      (url) => url.pathname === '/messages' && url.searchParams.get('user') === recipient.id,
    );
    expect(await input(sender.page).inputValue()).toBe(text);
    expect(await refused.count()).toBe(0);
    await input(sender.page).press('Enter');
    await toastWith(sender.page, appText('messages.sent')).waitFor();
    await until('the recipient has one unread message', async () => {
      const answer = await recipient.session.request.get('/api/messages/unread-count');
      return ((await answer.json()) as { count: number }).count === 1;
    });
    // Sent, the text is no longer kept for this conversation.
    await sender.page.reload();
    await input(sender.page).waitFor();
    expect(await input(sender.page).inputValue()).toBe('');
  });

  it('shows a message sent while the thread was still loading once it is stored', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const sender = await memberWith(admin, newMember('frettolo'), { credits: 2 });
    const recipient = await memberByApi(admin, newMember('paziente'));

    // The thread's first page is held until the send has been answered: the member wrote before it arrived.
    const threadPath = `/api/messages/${recipient.id}`;
    let answered = () => {};
    const sendAnswered = new Promise<void>((resolve) => (answered = resolve));
    await sender.page.route(
      (url) => url.pathname === threadPath,
      async (route) => {
        await sendAnswered;
        await route.continue().catch(() => undefined); // a request the page cancelled meanwhile
      },
    );
    sender.page.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/messages') answered();
    });
    const connected = realtimeConnected(sender.page);
    await sender.page.goto(`/messages?user=${encodeURIComponent(recipient.id)}`);
    await connected;

    const text = 'Scritto prima che la conversazione arrivasse';
    await sendAndSeeSent(sender.page, text);
  });

  it('shows a member awaiting approval a disabled field, and a rejected one that the account must be approved', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const other = await memberByApi(admin, newMember('approvato'));
    const waiting = await memberWith(admin, newMember('attesa'), { approved: false });

    await openMessages(waiting.page, other.id);
    await input(waiting.page).waitFor();
    expect(await input(waiting.page).isDisabled()).toBe(true);
    expect(await input(waiting.page).getAttribute('placeholder')).toBe(appText('messages.pendingPlaceholder'));

    const refused = await waiting.page.request.post('/api/messages', {
      data: { id: randomUUID(), recipientId: other.id, content: 'ciao' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(serverText('errors.notApproved'));

    // A rejected member is told the account must be approved, with the way home.
    const rejected = await memberWith(admin, newMember('rifiutato'), { approved: false });
    const decided = await admin.request.put(`/api/admin/users/${encodeURIComponent(rejected.id)}/verify`, {
      data: { status: 'rejected', reason: 'Foto non conforme' },
    });
    expect(decided.ok()).toBe(true);
    await rejected.page.goto('/messages');
    const screen = rejected.page.getByTestId('messages-approval-required');
    await screen.getByText(appText('messages.approvalDescription')).waitFor();
    await screen.getByRole('link', { name: appText('common.backHome') }).click();
    await until('the member is home', () => new URL(rejected.page.url()).pathname === '/');
  });

  it('takes the conversation out of both lists without a reload when one blocks the other, the unread badge with it, and gives it back when lifted', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const writer = await memberWith(admin, newMember('scrive'), { credits: 10 });
    const blocker = await memberWith(admin, newMember('blocca'));
    const send = (text: string) =>
      writer.page.request.post('/api/messages', { data: { id: randomUUID(), recipientId: blocker.id, content: text } });
    expect((await send('prima del blocco')).status()).toBe(201);
    await openMessages(blocker.page);
    await openMessages(writer.page);
    await markDocument(blocker.page);
    await rowOf(blocker.page, writer.id).waitFor();
    await rowOf(writer.page, blocker.id).waitFor();
    await topBarBadge(blocker.page).waitFor();

    const blocked = await blocker.page.request.post(`/api/users/${writer.id}/block`, { data: { reason: 'spam' } });
    expect(blocked.status()).toBe(200);
    await rowOf(blocker.page, writer.id).waitFor({ state: 'detached' });
    await rowOf(writer.page, blocker.id).waitFor({ state: 'detached' });
    await topBarBadge(blocker.page).waitFor({ state: 'detached' });
    // Answered once messaging has the block: the very next send is refused, with the text for a missing member.
    const refused = await send('dopo il blocco');
    expect(refused.status()).toBe(404);
    expect(await refused.json()).toEqual({ message: serverText('messaging.recipientUnavailable') });

    expect((await blocker.page.request.delete(`/api/users/${writer.id}/block`)).status()).toBe(200);
    await rowOf(blocker.page, writer.id).waitFor();
    await rowOf(writer.page, blocker.id).waitFor();
    expect(await stillSameDocument(blocker.page)).toBe(true);
  });

  it("shows the other member come online and go offline without a reload, and 'Utente eliminato' once they delete the account", async () => {
    const admin = await apiSession(e2e, ADMIN);
    const watcher = await memberWith(admin, newMember('osserva'), { credits: 2 });
    const other = await memberWith(admin, newMember('presente'));
    const presence = watcher.page.getByTestId('thread-presence');

    // The other member has no page open yet: offline.
    await openMessages(watcher.page, other.id);
    await markDocument(watcher.page);
    await presence.getByText(appText('messages.offline'), { exact: true }).waitFor();

    // They open a page: its socket makes them online, pushed to the watcher's header.
    const connected = realtimeConnected(other.page);
    await other.page.goto('/');
    await connected;
    await presence.getByText(appText('messages.online'), { exact: true }).waitFor();

    // They leave: offline once the BFF's grace after their last socket (3 s) is over.
    await other.page.goto('about:blank');
    await presence.getByText(appText('messages.offline'), { exact: true }).waitFor();
    expect(await stillSameDocument(watcher.page)).toBe(true);

    // A conversation with them, then they delete the account: the thread and the list say so, the field closes.
    const text = 'Ci sei ancora?';
    await input(watcher.page).fill(text);
    await input(watcher.page).press('Enter');
    await toastWith(watcher.page, appText('messages.sent')).waitFor();
    await rowOf(watcher.page, other.id).getByText(text).waitFor();
    expect((await other.page.request.delete('/api/users/account')).ok()).toBe(true);
    const deletedUser = appText('messages.deletedUser');
    await watcher.page.getByTestId('thread-name').getByText(deletedUser).waitFor();
    await rowOf(watcher.page, other.id).getByText(deletedUser).waitFor();
    expect(await input(watcher.page).isDisabled()).toBe(true);
    expect(await input(watcher.page).getAttribute('placeholder')).toBe(deletedUser);
    expect(await stillSameDocument(watcher.page)).toBe(true);

    // Opened afresh (once messaging has heard of the deletion): the same, and no 'Utente non disponibile' toast.
    await until('messaging shows the conversation without its member', async () => {
      const answer = await watcher.page.request.get('/api/messages/conversations');
      const rows = (await answer.json()) as { otherUserId: string; otherUser: unknown }[];
      return rows.some((row) => row.otherUserId === other.id && row.otherUser === null);
    });
    await openMessages(watcher.page, other.id);
    await watcher.page.getByTestId('thread-name').getByText(deletedUser).waitFor();
    await rowOf(watcher.page, other.id).getByText(deletedUser).waitFor();
    await ownMessage(watcher.page, text).waitFor();
    expect(await toastWith(watcher.page, appText('messages.unavailable')).count()).toBe(0);
  });
});
