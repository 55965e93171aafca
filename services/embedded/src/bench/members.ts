/** The benches' members: registered, approved and credited through the API, as people would be. */
import { setTimeout as sleep } from 'node:timers/promises';

export const ADMIN = { email: 'bench-admin@tip.local', password: 'bench-password-123' };

export interface Session {
  cookie: string;
  id: string;
}

type CallInit = RequestInit & { cookie?: string };

function send(base: string, path: string, init: CallInit): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', init.cookie);
  return fetch(`${base}${path}`, { ...init, headers });
}

async function answered(path: string, response: Response): Promise<Response> {
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A request to the platform, with a session's cookie; anything but 2xx fails the bench, saying what it was. */
export async function call(base: string, path: string, init: CallInit = {}) {
  return answered(path, await send(base, path, init));
}

/**
 * `call` for a read the bench does not time, told "busy" as the app is: a 503 or 429 with Retry-After is tried again
 * after that many seconds (a few times), because the admission gate refuses past capacity by design.
 */
export async function callWhenServed(base: string, path: string, init: CallInit = {}) {
  for (let attempt = 1; ; attempt += 1) {
    const response = await send(base, path, init);
    const retryAfter = Number(response.headers.get('retry-after'));
    const busy = (response.status === 503 || response.status === 429) && retryAfter > 0;
    if (!busy || attempt === 10) return answered(path, response);
    await response.arrayBuffer();
    await sleep(retryAfter * 1000);
  }
}

export const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function signIn(base: string, credentials: { email: string; password: string }): Promise<Session> {
  const response = await call(base, '/api/auth/login', { method: 'POST', ...json(credentials) });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const { user } = (await response.json()) as { user: { id: string } };
  return { cookie, id: user.id };
}

/** Registers a member (waiting for the admin's approval) and signs them in. */
export async function registeredMember(base: string, name: string, photo: Buffer): Promise<Session> {
  const credentials = { email: `${name}@bench.tip`, password: 'bench-password-1' };
  const form = new FormData();
  const fields = {
    username: name,
    ...credentials,
    confirmPassword: credentials.password,
    gender: 'female',
    orientation: 'etero',
  };
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('verificationPhoto', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
  await call(base, '/api/auth/register', { method: 'POST', body: form });
  return signIn(base, credentials);
}

/** Registers, approves (and credits) a member, and signs them in. */
export async function approvedMember(
  base: string,
  admin: Session,
  name: string,
  photo: Buffer,
  credits = 0,
): Promise<Session> {
  const session = await registeredMember(base, name, photo);
  const asAdmin = { cookie: admin.cookie };
  await call(base, `/api/admin/users/${session.id}/verify`, {
    method: 'PUT',
    ...asAdmin,
    ...json({ status: 'approved' }),
  });
  if (credits > 0) {
    await call(base, `/api/admin/users/${session.id}/add-credits`, {
      method: 'POST',
      ...asAdmin,
      ...json({ amount: credits }),
    });
  }
  return session;
}
