/** Posts for the browser tests: approved and premium members, and shortcuts through the API for tests that are not about composing. */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { E2E, Session } from './harness.js';
import { registerMember, signedInUserId, signInByApi, type Member } from './members.js';
import { until } from './waits.js';

async function send(session: Session, method: 'PUT' | 'POST' | 'PATCH', path: string, data: unknown) {
  const response = await session.request.fetch(path, { method, data });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/**
 * An admin (signed in on `admin`, a page or an API session) approves the member `userId`, then waits until content has heard of it: content
 * refuses an unapproved member's like before it looks for the post, so a like on no post answers 403 until then
 * and 404 after. Events about a member arrive in order: whatever was done to them before (premium) is known too.
 */
export async function approveByApi(admin: Session, member: Session, userId: string): Promise<void> {
  await send(admin, 'PUT', `/api/admin/users/${encodeURIComponent(userId)}/verify`, { status: 'approved' });
  await until('content knows the member is approved', async () => {
    const probe = await member.request.post('/api/posts/no-such-post/like');
    return probe.status() === 404;
  });
}

/**
 * approveByApi, then waits until messaging has heard of the approval too: it refuses an unapproved sender before it
 * looks at the recipient, so a message to oneself answers 403 until then and 400 ('Non puoi contattare te stesso.')
 * after. Nothing is stored or charged.
 */
export async function approveForMessaging(admin: Session, member: Session, userId: string): Promise<void> {
  await approveByApi(admin, member, userId);
  await until('messaging knows the member is approved', async () => {
    const probe = await member.request.post('/api/messages', {
      data: { id: randomUUID(), recipientId: userId, content: 'probe' },
    });
    return probe.status() === 400;
  });
}

/** An admin grants the member a month of premium. */
export const grantPremiumByApi = (admin: Session, userId: string) =>
  send(admin, 'POST', `/api/admin/users/${encodeURIComponent(userId)}/grant-premium`, { months: 1 });

/** An admin adds `amount` credits to the member's balance. */
export const addCreditsByApi = (admin: Session, userId: string, amount: number) =>
  send(admin, 'POST', `/api/admin/users/${encodeURIComponent(userId)}/add-credits`, { amount });

/** How a test's member is made through the admin API: approved unless told, and premium or credited if told. */
export interface SetUp {
  premium?: boolean;
  credits?: number;
  approved?: boolean;
  /** How the approval is waited for: until content has it (approveByApi), or messaging too (approveForMessaging). */
  approve?: typeof approveByApi;
}

/** `member` registered and signed in on `session` (a page's or an API session), then made as `setUp` says. */
async function signedUp<S extends Session>(e2e: E2E, session: S, admin: Session, member: Member, setUp: SetUp) {
  const { premium = false, credits = 0, approved = true, approve = approveByApi } = setUp;
  await registerMember(e2e.baseUrl, member);
  await signInByApi(session, member);
  const id = await signedInUserId(session);
  if (premium) await grantPremiumByApi(admin, id);
  if (credits) await addCreditsByApi(admin, id, credits);
  if (approved) await approve(admin, session, id);
  return { session, id, member };
}

/** A member on a page of their own, made as `setUp` says. */
export async function memberOnPage(e2e: E2E, admin: Session, member: Member, setUp: SetUp = {}) {
  const { session: page, ...signed } = await signedUp(e2e, await e2e.newPage(), admin, member, setUp);
  return { page, ...signed };
}

/** A member the test only needs through the API (an API session, no page), made as `setUp` says. */
export const memberOnApi = async (e2e: E2E, admin: Session, member: Member, setUp: SetUp = {}) =>
  signedUp(e2e, await e2e.newSession(), admin, member, setUp);

/** An admin approves or rejects a waiting post. */
export const decidePostByApi = (admin: Session, postId: string, status: 'approved' | 'rejected', reason = '') =>
  send(admin, 'PATCH', `/api/admin/posts/${encodeURIComponent(postId)}/status`, { status, reason });

let photo: Promise<Buffer> | undefined;

/** A real JPEG big enough for content's two sizes (content decodes and re-encodes it). */
export async function postPhoto(name = 'foto.jpg') {
  photo ??= sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer: await photo };
}

type PostFields = {
  content: string;
  category: 'melanzana' | 'patate' | 'trending';
  isPremium?: boolean;
  creditCost?: number;
  showTelegramUsername?: boolean;
  withPhoto?: boolean;
};

/** Publishes a post as the member signed in on `session` (the composer's multipart call); answers its id. */
export async function createPostByApi(session: Session, fields: PostFields): Promise<string> {
  const { withPhoto, ...rest } = fields;
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    content: rest.content,
    category: rest.category,
    isPremium: String(rest.isPremium ?? false),
    creditCost: String(rest.creditCost ?? 1),
    showTelegramUsername: String(rest.showTelegramUsername ?? false),
  };
  if (withPhoto) multipart.media = await postPhoto();
  const response = await session.request.post('/api/posts', { multipart });
  if (response.status() !== 201) throw new Error(`creating a post: ${response.status()} ${await response.text()}`);
  const { item } = (await response.json()) as { item: { post: { id: string } } };
  return item.post.id;
}
