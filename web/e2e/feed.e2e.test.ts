import { expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { createPostByApi, postPhoto, memberOnPage, memberOnApi, type SetUp } from './content.js';
import { ADMIN, describeE2E, useE2E, type Session } from './harness.js';
import { apiSession, newMember, type Member } from './members.js';
import { appText, serverText, withValues } from './texts.js';
import { addressOf, realtimeConnected, toastWith, until } from './waits.js';
import { payWithCard } from './wallet.js';

// Posts are published at once here (the moderated reading has its own file). Every test signs up a few members from
// one address: more than the production limits allow in an hour.
const e2e = useE2E({
  env: () => ({ POST_APPROVAL: 'immediate', REGISTER_LIMIT_PER_ADDRESS: '100', LOGIN_LIMIT_PER_ADDRESS: '100' }),
});

const memberWith = (admin: Session, member: Member, setUp: SetUp = {}) => memberOnPage(e2e, admin, member, setUp);
const memberByApi = (admin: Session, member: Member, setUp: SetUp = {}) => memberOnApi(e2e, admin, member, setUp);

/** Opens the feed once pushes reach the page. */
async function openFeed(page: Page) {
  const connected = realtimeConnected(page);
  await page.goto('/');
  await connected;
  await page.getByRole('radiogroup', { name: appText('feed.categories.label') }).waitFor();
}

const cardWith = (page: Page, text: string) => page.getByTestId('post-card').filter({ hasText: text });
const likeCount = (card: Locator) => card.getByTestId('like-count').innerText();
const untilText = (what: string, read: () => Promise<string>, expected: string) =>
  until(`${what} reads ${expected}`, async () => (await read()) === expected);

/** Marks the document, so that a later check can tell it was not reloaded. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { feedMarker: true }));
const stillSameDocument = (page: Page) => page.evaluate(() => 'feedMarker' in window);

describeE2E('the feed', () => {
  it('publishes a photo post that another member sees arrive by push, likes and comments on', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const author = await memberWith(admin, newMember('autrice'));
    const reader = await memberWith(admin, { ...newMember('lettore'), gender: 'male' });
    await openFeed(reader.page);
    await markDocument(reader.page);
    await openFeed(author.page);

    const composer = author.page.getByTestId('post-composer');
    const text = `Tramonto a Roma ${author.member.username}`;
    const publish = composer.getByRole('button', { name: appText('feed.composer.submit') });
    expect(await publish.isDisabled()).toBe(true);
    await composer.getByLabel(appText('feed.composer.contentLabel')).fill(text);
    await composer.getByLabel(appText('feed.composer.media')).setInputFiles(await postPhoto('tramonto.jpg'));
    await composer.getByText('tramonto.jpg').waitFor();

    // A woman's composer starts on patate, not on melanzana, where she may not post: chosen by hand, it is refused
    // before anything is sent.
    const category = (name: 'melanzana' | 'patate') =>
      composer.getByRole('radio', { name: appText(`feed.categories.${name}`) });
    expect(await category('patate').getAttribute('aria-checked')).toBe('true');
    const posts: string[] = [];
    author.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/posts' && request.method() === 'POST') posts.push(request.url());
    });
    await category('melanzana').click();
    await publish.click();
    await toastWith(author.page, serverText('content.womenNotInMelanzana')).waitFor();
    expect(posts).toEqual([]);

    await category('patate').click();
    await publish.click();
    await toastWith(author.page, serverText('content.postCreated')).waitFor();
    expect(posts).toHaveLength(1);
    // The composer starts over: no text, no file, patate again.
    await until('the composer is reset', async () => (await composer.getByRole('textbox').inputValue()) === '');
    expect(await composer.getByText('tramonto.jpg').count()).toBe(0);
    expect(await category('patate').getAttribute('aria-checked')).toBe('true');
    await cardWith(author.page, text).waitFor();

    // The other member's feed shows it without a reload: author, text, the photo in two sizes.
    const card = cardWith(reader.page, text);
    await card.waitFor();
    expect(await stillSameDocument(reader.page)).toBe(true);
    expect(await card.getByTestId('post-author').innerText()).toBe(author.member.username);
    const image = card.getByTestId('post-image');
    expect(await image.getAttribute('srcset')).toMatch(/ 640w, .+ 1280w$/);
    await until('the photo has loaded', () => image.evaluate((img: HTMLImageElement) => img.naturalWidth > 0));
    // 'Just now', and the exact date and time as its tooltip once a pointer is over it.
    const written = card.locator('time').first();
    expect(await written.innerText()).toBe(appText('feed.time.justNow'));
    await written.hover();
    const year = String(new Date().getFullYear());
    expect(await written.getAttribute('title')).toMatch(new RegExp(`${year}.*\\d{1,2}[:.]\\d{2}`));

    const like = card.getByRole('button', { name: `${appText('feed.post.like')} 0` });
    await like.click();
    await untilText('the like count', () => likeCount(card), '1');
    expect(await card.locator('button[aria-pressed]').getAttribute('aria-pressed')).toBe('true');
    // The author's page learns it by push.
    await untilText("the author's like count", () => likeCount(cardWith(author.page, text)), '1');

    const comment = card.getByLabel(appText('feed.comments.label'));
    await comment.fill('Che colori!');
    await comment.press('Enter');
    await toastWith(reader.page, appText('feed.comments.added')).waitFor();
    await card.getByTestId('post-comments').getByText('Che colori!').waitFor();
    expect(await comment.inputValue()).toBe('');
    await cardWith(author.page, text).getByTestId('post-comments').getByText('Che colori!').waitFor();
    expect(await stillSameDocument(reader.page)).toBe(true);
  });

  it('locks a premium post for other members until they pay its price', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const author = await memberWith(admin, { ...newMember('premium'), gender: 'male' }, { premium: true });
    const reader = await memberWith(admin, newMember('curiosa'), { credits: 5 });
    const poor = await memberWith(admin, newMember('squattrin'), { credits: 1 });
    await openFeed(author.page);

    // Only a premium member (or an admin) gets the premium switch; the price stays within 1..10.
    const composer = author.page.getByTestId('post-composer');
    const secret = `Contenuto esclusivo ${author.member.username}`;
    await composer.getByLabel(appText('feed.composer.contentLabel')).fill(secret);
    await composer.getByRole('radio', { name: appText('feed.categories.trending') }).click();
    await composer.getByRole('switch', { name: appText('feed.composer.premium') }).click();
    const cost = composer.getByLabel(appText('feed.composer.creditCost'));
    await cost.fill('25');
    expect(await cost.inputValue()).toBe('10');
    await cost.fill('3');
    await composer.getByRole('button', { name: appText('feed.composer.submit') }).click();
    await toastWith(author.page, serverText('content.postCreated')).waitFor();
    // The author sees their own premium post whole.
    await cardWith(author.page, secret).getByTestId('post-content').waitFor();

    await openFeed(reader.page);
    expect(await reader.page.getByRole('switch', { name: appText('feed.composer.premium') }).count()).toBe(0);
    const card = reader.page.getByTestId('post-card').filter({ hasText: author.member.username });
    const overlay = card.getByTestId('premium-overlay');
    await overlay.waitFor();
    expect(await overlay.getByTestId('unlock-cost').innerText()).toBe(
      withValues(appText('feed.unlock.cost'), { cost: 3 }),
    );
    await overlay.getByText(withValues(appText('feed.unlock.balance'), { credits: 5 })).waitFor();
    // Locked means the text never reached the page.
    expect(await reader.page.content()).not.toContain(secret);

    await overlay.getByRole('button', { name: appText('feed.unlock.open') }).click();
    const dialog = reader.page.getByRole('dialog');
    await dialog.getByRole('button', { name: withValues(appText('feed.unlock.confirm'), { cost: 3 }) }).click();
    const unlocked = toastWith(reader.page, appText('feed.unlock.done'));
    await unlocked.waitFor();
    expect(await unlocked.innerText()).toContain(withValues(appText('feed.unlock.charged'), { credits: 3 }));
    await card.getByTestId('post-content').getByText(secret).waitFor();
    expect(await card.getByTestId('premium-overlay').count()).toBe(0);
    await untilText('the sidebar balance', () => reader.page.getByTestId('sidebar-credits').innerText(), '2');

    // One credit is not enough: the server's refusal in the dialog, and the way to buy more, which comes back here.
    await openFeed(poor.page);
    const poorCard = poor.page.getByTestId('post-card').filter({ hasText: author.member.username });
    const confirm = poor.page
      .getByRole('dialog')
      .getByRole('button', { name: withValues(appText('feed.unlock.confirm'), { cost: 3 }) });
    await poorCard.getByRole('button', { name: appText('feed.unlock.open') }).click();
    await confirm.click();
    const refused = poor.page.getByRole('dialog').getByTestId('out-of-credits');
    await refused.getByText(serverText('wallet.insufficientCredits')).waitFor();
    expect(await toastWith(poor.page, appText('feed.unlock.failed')).count()).toBe(0);
    await refused.getByRole('link', { name: appText('nav.buyCredits') }).click();
    await poor.page.waitForURL((url) => url.pathname === '/checkout');
    expect(await poor.page.getByTestId('sidebar-credits').innerText()).toBe('1');
    await payWithCard(poor.page, '4242 4242 4242 4242', 999);
    await poor.page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await poorCard.getByRole('button', { name: appText('feed.unlock.open') }).click();
    await confirm.click();
    await poorCard.getByTestId('post-content').getByText(secret).waitFor();
    await untilText('the sidebar balance', () => poor.page.getByTestId('sidebar-credits').innerText(), '8');
  });

  it("reveals the author's Telegram for its price once, then for free", async () => {
    const admin = await apiSession(e2e, ADMIN);
    const author = await memberWith(admin, { ...newMember('telegram'), gender: 'male' });
    const reader = await memberWith(admin, newMember('contatta'), { credits: 5 });
    const text = `Scrivimi su Telegram ${author.member.username}`;
    await createPostByApi(author.page, { content: text, category: 'trending', showTelegramUsername: true });
    await openFeed(author.page);
    // No contact button on one's own post.
    await cardWith(author.page, text).waitFor();
    expect(
      await cardWith(author.page, text)
        .getByRole('button', { name: /Telegram/ })
        .count(),
    ).toBe(0);

    await openFeed(reader.page);
    const card = cardWith(reader.page, text);
    const contact = card.getByRole('button', { name: withValues(appText('feed.telegram.contact'), { cost: 2 }) });
    await contact.click();
    const handle = card.getByTestId('telegram-handle');
    await handle.waitFor();
    expect(await handle.innerText()).toBe(`@${author.member.telegramUsername}`);
    expect(await handle.getAttribute('href')).toBe(`https://t.me/${author.member.telegramUsername}`);
    await untilText('the sidebar balance', () => reader.page.getByTestId('sidebar-credits').innerText(), '3');

    // Paid once: after a reload the handle comes back without a charge.
    await openFeed(reader.page);
    await contact.click();
    await handle.waitFor();
    expect(await reader.page.getByTestId('sidebar-credits').innerText()).toBe('3');

    // Without credits: the refusal under the button, and the checkout that comes back to the feed.
    const poor = await memberWith(admin, newMember('senzacred'));
    await openFeed(poor.page);
    const poorCard = cardWith(poor.page, text);
    await poorCard.getByRole('button', { name: withValues(appText('feed.telegram.contact'), { cost: 2 }) }).click();
    const refused = poorCard.getByTestId('out-of-credits');
    await refused.getByText(serverText('wallet.insufficientCredits')).waitFor();
    expect(await poorCard.getByTestId('telegram-handle').count()).toBe(0);
    expect(await refused.getByRole('link', { name: appText('nav.buyCredits') }).getAttribute('href')).toBe(
      '/checkout?returnTo=%2F',
    );
  });

  it("blocks a post's author from the post's menu: their posts leave the feed", async () => {
    const admin = await apiSession(e2e, ADMIN);
    const author = await memberByApi(admin, { ...newMember('molesto'), gender: 'male' });
    const reader = await memberWith(admin, newMember('blocca'));
    const text = `Post fastidioso ${author.member.username}`;
    await createPostByApi(author.session, { content: text, category: 'trending' });
    await openFeed(reader.page);
    const card = cardWith(reader.page, text);
    await card.getByRole('button', { name: appText('feed.post.menu') }).click();
    await reader.page.getByRole('menuitem', { name: appText('feed.post.block') }).click();

    const dialog = reader.page.getByRole('dialog');
    await dialog
      .getByRole('heading', { name: withValues(appText('blocks.blockTitle'), { username: author.member.username }) })
      .waitFor();
    await dialog.getByRole('combobox', { name: appText('blocks.reasonLabel') }).click();
    await reader.page.getByRole('option', { name: appText('blocks.reasons.spam') }).click();
    await dialog.getByRole('button', { name: appText('blocks.blockConfirm') }).click();
    await toastWith(reader.page, appText('blocks.blocked')).waitFor();
    await card.waitFor({ state: 'detached' });
  });

  it("loads the next page with 'load more'", async () => {
    const admin = await apiSession(e2e, ADMIN);
    const member = await memberWith(admin, newMember('pagine'));
    const marker = `Pagina ${member.member.username}`;
    for (let n = 1; n <= 21; n += 1)
      await createPostByApi(member.page, { content: `${marker} #${n}.`, category: 'trending' });
    await openFeed(member.page);
    const mine = member.page.getByTestId('post-card').filter({ hasText: marker });
    // The first render holds three cards, the other seventeen follow in a transition (FeedList).
    await until('the first page of twenty', async () => (await mine.count()) === 20);
    // Newest first: the first post waits on the next page.
    expect(await cardWith(member.page, `${marker} #1.`).count()).toBe(0);
    await member.page.getByRole('button', { name: appText('feed.loadMore') }).click();
    await cardWith(member.page, `${marker} #1.`).waitFor();
    expect(await mine.count()).toBe(21);
  });

  it('lets the author delete a post after a confirmation; it leaves the other feeds too', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const author = await memberWith(admin, { ...newMember('cancella'), gender: 'male' });
    const reader = await memberWith(admin, newMember('vede'));
    const text = `Da cancellare ${author.member.username}`;
    await createPostByApi(author.page, { content: text, category: 'trending' });
    await openFeed(author.page);
    await openFeed(reader.page);
    const readerCard = cardWith(reader.page, text);
    await readerCard.waitFor();

    // On someone else's post the menu offers blocking, not deleting.
    await readerCard.getByRole('button', { name: appText('feed.post.menu') }).click();
    await reader.page.getByRole('menuitem', { name: appText('feed.post.block') }).waitFor();
    expect(await reader.page.getByRole('menuitem', { name: appText('feed.post.delete') }).count()).toBe(0);
    await reader.page.keyboard.press('Escape');

    const card = cardWith(author.page, text);
    await card.getByRole('button', { name: appText('feed.post.menu') }).click();
    await author.page.getByRole('menuitem', { name: appText('feed.post.delete') }).click();
    const confirm = author.page.getByRole('alertdialog');
    await confirm.getByText(appText('feed.delete.description')).waitFor();
    // Cancelling keeps it.
    await confirm.getByRole('button', { name: appText('common.cancel') }).click();
    await confirm.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: appText('feed.post.menu') }).click();
    await author.page.getByRole('menuitem', { name: appText('feed.post.delete') }).click();
    await confirm.getByRole('button', { name: appText('feed.delete.confirm'), exact: true }).click();

    await toastWith(author.page, appText('feed.delete.done')).waitFor();
    await card.waitFor({ state: 'detached' });
    await readerCard.waitFor({ state: 'detached' });
  });

  it('selects the category a sidebar link names, drops it from the address, and offers every post when empty', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const member = await memberWith(admin, newMember('categorie'));
    await createPostByApi(member.page, { content: `Solo testo ${member.member.username}`, category: 'trending' });
    await member.page.goto('/?category=melanzana');
    const selector = member.page.getByRole('radiogroup', { name: appText('feed.categories.label') });
    const isSelected = (category: string) => async () =>
      (await selector
        .getByRole('radio', { name: appText(`feed.categories.${category}`) })
        .getAttribute('aria-checked')) === 'true';
    await member.page.waitForURL((url) => url.search === '');
    expect(addressOf(member.page)).toBe('/');
    await until('melanzana is selected', isSelected('melanzana'));
    expect(await member.page.getByRole('banner').innerText()).toContain(appText('nav.melanzana'));

    const empty = member.page.getByTestId('feed-empty');
    await empty.getByText(appText('feed.empty.category')).waitFor();
    await empty.getByRole('button', { name: appText('feed.empty.viewAll') }).click();
    await until('every category is selected', isSelected('all'));
    await cardWith(member.page, `Solo testo ${member.member.username}`).waitFor();
  });
});
