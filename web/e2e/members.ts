/** Members for the browser tests: unique identities, a real verification photo, and shortcuts through the API. */
import sharp from 'sharp';
import type { E2E, Session } from './harness.js';

export interface Member {
  username: string;
  email: string;
  password: string;
  telegramUsername: string;
  gender: 'male' | 'female';
  orientation: 'etero' | 'gay' | 'bisessuale';
  age: number;
  region: string;
  city: string;
}

let sequence = 0;

/** A member no one has registered yet (usernames stay within the 20-character limit). */
export function newMember(tag: string): Member {
  sequence += 1;
  const unique = `${Date.now().toString(36).slice(-5)}${sequence}`;
  const username = `${tag.slice(0, 10)}${unique}`;
  return {
    username,
    email: `${username}@example.com`,
    password: 'segreta-123',
    telegramUsername: `${username}_tg`,
    gender: 'female',
    orientation: 'etero',
    age: 29,
    region: 'Lazio',
    city: 'Roma',
  };
}

export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

let photo: Promise<Buffer> | undefined;

/** A real (small) JPEG, made once per test file; identity decodes it, so it must be a genuine image. */
export async function verificationPhoto(name = 'verifica.jpg'): Promise<PhotoFile> {
  photo ??= sharp({ create: { width: 96, height: 128, channels: 3, background: { r: 176, g: 72, b: 160 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer: await photo };
}

/** Registers `member` the way the form does (multipart with the photo), for tests that are not about registering. */
export async function registerMember(baseUrl: string, member: Member): Promise<Member> {
  const { name, mimeType, buffer } = await verificationPhoto();
  const form = new FormData();
  for (const [field, value] of Object.entries(member)) form.append(field, String(value));
  form.append('confirmPassword', member.password);
  form.append('verificationPhoto', new Blob([new Uint8Array(buffer)], { type: mimeType }), name);
  const response = await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', body: form });
  if (response.status !== 201)
    throw new Error(`registering ${member.username}: ${response.status} ${await response.text()}`);
  return member;
}

type Credentials = { email: string; password: string };

/** Signs in through the API in a page's context (or an API session), so the session cookies land in its cookie jar. */
export async function signInByApi(session: Session, credentials: Credentials): Promise<void> {
  const response = await session.request.post('/api/auth/login', { data: credentials });
  if (!response.ok()) throw new Error(`signing in ${credentials.email}: ${response.status()} ${await response.text()}`);
}

/** An API session (no browser) signed in as `credentials`: for who a test needs only through the API. */
export async function apiSession(e2e: E2E, credentials: Credentials): Promise<Session> {
  const session = await e2e.newSession();
  await signInByApi(session, credentials);
  return session;
}

/** Registers `member` and answers their id, read on an API session: for a member a test needs only by id. */
export async function registeredMemberId(e2e: E2E, member: Member): Promise<string> {
  await registerMember(e2e.baseUrl, member);
  return signedInUserId(await apiSession(e2e, member));
}

/** The id of the member signed in on `session` (a page's context or an API session), as GET /api/auth/user answers it. */
export async function signedInUserId(session: Session): Promise<string> {
  const response = await session.request.get('/api/auth/user');
  if (!response.ok()) throw new Error(`reading the signed-in user: ${response.status()} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  return id;
}
