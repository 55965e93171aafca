import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One call the stand-in received, for tests that check what the adapter sent. */
export interface StripeStandInRequest {
  method: string;
  /** Without the query string, e.g. /v1/payment_intents/pi_123. */
  path: string;
  idempotencyKey?: string;
  /** The form body as Stripe reads it: `metadata[userId]=u1` becomes `{ metadata: { userId: 'u1' } }`. */
  params: Record<string, unknown>;
}

/** A webhook as Stripe would post it: the raw body and its Stripe-Signature header. */
export interface SignedWebhook {
  payload: Buffer;
  signature: string;
}

/**
 * The part of Stripe's REST API the wallet uses, on 127.0.0.1, so that tests run the real stripe-node client (and
 * its signature checks) without any network. Keys are fresh for every stand-in.
 */
export interface StripeStandIn {
  /** What StripeSettings.apiUrl takes. */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Every call received, in order, including refused ones. */
  readonly requests: StripeStandInRequest[];
  /** The buyer paid: the intent's status becomes succeeded. Throws for an intent the stand-in never created. */
  succeed(id: string): void;
  /**
   * An event of `type` whose object is the intent as it stands now, signed with the webhook secret (or `secret`, to
   * forge one). An unknown id gets a bare `{ id, object: 'payment_intent' }`: the body is not to be trusted anyway.
   */
  signedWebhook(type: string, intentId: string, options?: { secret?: string }): SignedWebhook;
  stop(): Promise<void>;
}

interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  status: string;
  client_secret: string;
  automatic_payment_methods: { enabled: boolean } | null;
  created: number;
  livemode: false;
}

interface Answer {
  status: number;
  body: unknown;
}

function token(): string {
  return randomBytes(12).toString('hex');
}

function stripeError(status: number, error: Record<string, string>): Answer {
  return { status, body: { error } };
}

/** Stripe's form encoding: nested keys in brackets, every value a string. */
function decodeForm(body: string): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    const last = path.pop();
    if (last === undefined) continue;
    let target = params;
    for (const part of path) target = (target[part] ??= {}) as Record<string, unknown>;
    target[last] = value;
  }
  return params;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_standin_${token()}`;
  const webhookSecret = `whsec_standin_${token()}`;
  const intents = new Map<string, StandInIntent>();
  // Stripe keeps an idempotent request's first answer and replays it, for the same parameters only.
  const replays = new Map<string, { body: string; answer: Answer }>();
  const requests: StripeStandInRequest[] = [];

  function createIntent(params: Record<string, unknown>): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      return stripeError(400, { type: 'invalid_request_error', param: 'amount', message: 'Invalid amount.' });
    }
    if (typeof params.currency !== 'string' || !/^[a-z]{3}$/i.test(params.currency)) {
      return stripeError(400, { type: 'invalid_request_error', param: 'currency', message: 'Invalid currency.' });
    }
    const id = `pi_${token()}`;
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency: params.currency.toLowerCase(),
      metadata: typeof params.metadata === 'object' ? (params.metadata as Record<string, string>) : {},
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${token()}`,
      automatic_payment_methods: params.automatic_payment_methods ? { enabled: true } : null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  function answer(method: string, path: string, body: string, idempotencyKey: string | undefined): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (!idempotencyKey) return createIntent(decodeForm(body));
      const replay = replays.get(idempotencyKey);
      if (replay && replay.body !== body) {
        return stripeError(400, {
          type: 'idempotency_error',
          message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        });
      }
      if (replay) return replay.answer;
      const created = createIntent(decodeForm(body));
      // A copy: the replay is the first answer, not the intent as it is now.
      replays.set(idempotencyKey, { body, answer: structuredClone(created) });
      return created;
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) {
      const id = decodeURIComponent(retrieve[1]);
      const intent = intents.get(id);
      if (intent) return { status: 200, body: intent };
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${id}'`,
      });
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const body = await readBody(request);
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    requests.push({ method, path, ...(idempotencyKey ? { idempotencyKey } : {}), params: decodeForm(body) });
    const reply =
      request.headers.authorization === `Bearer ${secretKey}`
        ? answer(method, path, body, idempotencyKey)
        : stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${token()}` });
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<void> | undefined;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    publishableKey: `pk_test_standin_${token()}`,
    webhookSecret,
    requests,
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`the Stripe stand-in has no payment intent ${id}`);
      intent.status = 'succeeded';
    },
    signedWebhook(type, intentId, options = {}) {
      const payload = JSON.stringify({
        id: `evt_${token()}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: intents.get(intentId) ?? { id: intentId, object: 'payment_intent' } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
      return { payload: Buffer.from(payload), signature };
    },
    stop() {
      stopped ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // stripe-node keeps its connections alive; close() alone would wait for them.
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
