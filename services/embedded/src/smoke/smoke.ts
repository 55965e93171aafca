/**
 * A deployment's first check: two members register, an admin approves them, one posts, the other likes it, buys
 * credits with the demo card and writes to the first, then the admin deletes both (their posts and messages go with
 * them). Every step is timed; the first that fails stops the run with what the server answered.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export interface SmokeStep {
  step: string;
  ms: number;
}

interface Session {
  id: string;
  cookie: string;
}

class SmokeFailure extends Error {}

/** The services learn of a decision through events: a member's first action may wait for them a moment. */
const EVENTUAL_MS = 10_000;

export async function runSmoke(options: {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** Told of each step as it ends. */
  onStep?: (step: SmokeStep) => void;
}): Promise<SmokeStep[]> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const steps: SmokeStep[] = [];
  const created: Session[] = [];
  let admin: Session | undefined;

  async function call(
    path: string,
    init: { method?: string; session?: Session; json?: unknown; form?: FormData } = {},
  ) {
    const headers = new Headers();
    if (init.session) headers.set('cookie', init.session.cookie);
    let body: string | FormData | undefined = init.form;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body,
      signal: AbortSignal.timeout(15_000),
    });
  }

  /** The answer's JSON when its status is `expected`; otherwise the run fails, saying what came back. */
  async function expectStatus<T>(response: Response, expected: number, what: string): Promise<T> {
    const text = await response.text();
    if (response.status !== expected) throw new SmokeFailure(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Tries `attempt` until it answers `expected` (the services hearing of a decision), for up to EVENTUAL_MS. */
  async function eventually<T>(attempt: () => Promise<Response>, expected: number, what: string): Promise<T> {
    const deadline = Date.now() + EVENTUAL_MS;
    for (;;) {
      const response = await attempt();
      if (response.status === expected || Date.now() > deadline) return expectStatus<T>(response, expected, what);
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await run();
    const done = { step: name, ms: Math.round(performance.now() - started) };
    steps.push(done);
    options.onStep?.(done);
    return result;
  }

  async function signIn(email: string, password: string): Promise<Session> {
    const response = await call('/api/auth/login', { method: 'POST', json: { email, password } });
    const { user } = await expectStatus<{ user: { id: string } }>(response, 200, `signing in ${email}`);
    const cookie = response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    return { id: user.id, cookie };
  }

  const suffix = randomUUID().slice(0, 8);
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  async function register(name: string, gender: 'male' | 'female'): Promise<Session> {
    const username = `smoke_${name}_${suffix}`;
    const email = `${username}@smoke.tip.local`;
    const password = `smoke-${randomUUID()}`;
    const form = new FormData();
    const fields = { username, email, password, confirmPassword: password, gender, orientation: 'etero', age: '30' };
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    form.append('verificationPhoto', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'tip.jpg');
    await expectStatus(await call('/api/auth/register', { method: 'POST', form }), 201, `registering ${username}`);
    const session = await signIn(email, password);
    created.push(session);
    return session;
  }

  try {
    await step('the platform answers', async () => expectStatus(await call('/api/health'), 200, 'GET /api/health'));
    admin = await step('the admin signs in', () => signIn(options.adminEmail, options.adminPassword));
    const signedAdmin = admin;
    const [author, reader] = await step('two members register', async () => [
      await register('a', 'female'),
      await register('b', 'male'),
    ]);
    await step('the admin approves both', async () => {
      for (const member of [author, reader]) {
        const decided = call(`/api/admin/users/${member.id}/verify`, {
          method: 'PUT',
          session: signedAdmin,
          json: { status: 'approved' },
        });
        await expectStatus(await decided, 200, `approving ${member.id}`);
      }
    });
    const postId = await step('the first posts (approved by the admin if posts wait)', async () => {
      const form = () => {
        const fields = new FormData();
        fields.set('category', 'trending');
        fields.set('content', `Prova di funzionamento ${suffix}`);
        return fields;
      };
      const posted = await eventually<{ status: string; item: { post: { id: string } } | null }>(
        () => call('/api/posts', { method: 'POST', session: author, form: form() }),
        201,
        'posting',
      );
      const mine = await expectStatus<{ post: { id: string; content: string } }[]>(
        await call('/api/feed', { session: author }),
        200,
        'the author’s feed',
      );
      const id = posted.item?.post.id ?? mine.find((item) => item.post.content.includes(suffix))?.post.id;
      if (!id) throw new SmokeFailure('the new post is not in its author’s feed');
      if (posted.status === 'pending') {
        const decided = call(`/api/admin/posts/${id}/status`, {
          method: 'PATCH',
          session: signedAdmin,
          json: { status: 'approved' },
        });
        await expectStatus(await decided, 200, 'approving the post');
      }
      return id;
    });
    await step('the second likes it', async () => {
      const liked = await eventually<{ liked: boolean }>(
        () => call(`/api/posts/${postId}/like`, { method: 'POST', session: reader, json: {} }),
        200,
        'liking',
      );
      if (!liked.liked) throw new SmokeFailure('the like did not hold');
    });
    await step('the second buys 10 credits with the demo card', async () => {
      const session = await expectStatus<{ paymentIntentId: string }>(
        await call('/api/create-payment-intent', { method: 'POST', session: reader, json: { credits: 10 } }),
        200,
        'opening a payment',
      );
      const card = {
        paymentIntentId: session.paymentIntentId,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
      };
      await expectStatus(
        await call('/api/demo-payments/confirm', { method: 'POST', session: reader, json: card }),
        200,
        'paying with the demo card',
      );
      const outcome = await expectStatus<{ credits: number }>(
        await call('/api/confirm-payment', {
          method: 'POST',
          session: reader,
          json: { paymentIntentId: session.paymentIntentId },
        }),
        200,
        'confirming the payment',
      );
      if (outcome.credits < 10) throw new SmokeFailure(`the balance is ${outcome.credits} after buying 10 credits`);
    });
    await step('the second writes to the first (2 credits)', async () => {
      const message = { id: randomUUID(), recipientId: author.id, content: `Ciao! ${suffix}` };
      await eventually(
        () => call('/api/messages', { method: 'POST', session: reader, json: message }),
        201,
        'sending a message',
      );
      const thread = await expectStatus<{ message: { content: string } }[]>(
        await call(`/api/messages/${reader.id}`, { session: author }),
        200,
        'the first reading the conversation',
      );
      if (!thread.some((entry) => entry.message.content === message.content)) {
        throw new SmokeFailure('the message is not in the conversation');
      }
    });
  } finally {
    if (admin && created.length > 0) {
      const signedAdmin = admin;
      await step('the admin deletes both (cleaning up)', async () => {
        for (const member of created) {
          const deleted = call(`/api/admin/users/${member.id}`, { method: 'DELETE', session: signedAdmin });
          await expectStatus(await deleted, 200, `deleting ${member.id}`);
        }
      });
    }
  }
  return steps;
}
