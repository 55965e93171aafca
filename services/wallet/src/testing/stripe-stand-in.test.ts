import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';

describe('the Stripe stand-in', () => {
  let standIn: StripeStandIn;

  const call = async (method: string, path: string, options: { body?: string; headers?: Record<string, string> }) => {
    const response = await fetch(`${standIn.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${standIn.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: options.body }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeEach(async () => {
    standIn = await startStripeStandIn();
  });
  afterEach(async () => {
    await standIn.stop();
  });

  it('hands out keys shaped like Stripe’s test keys, fresh for each stand-in', async () => {
    expect(standIn.secretKey).toMatch(/^sk_test_/);
    expect(standIn.publishableKey).toMatch(/^pk_test_/);
    expect(standIn.webhookSecret).toMatch(/^whsec_/);
    const other = await startStripeStandIn();
    expect(other.secretKey).not.toBe(standIn.secretKey);
    await other.stop();
  });

  it('replays an idempotent creation and refuses the key for other parameters, as Stripe does', async () => {
    const headers = { 'idempotency-key': 'k1' };
    const first = await call('POST', '/v1/payment_intents', { body: 'amount=100&currency=EUR', headers });
    expect(first).toEqual({
      status: 200,
      body: expect.objectContaining({ object: 'payment_intent', amount: 100, currency: 'eur', metadata: {} }),
    });
    expect(await call('POST', '/v1/payment_intents', { body: 'amount=100&currency=EUR', headers })).toEqual(first);
    expect(await call('POST', '/v1/payment_intents', { body: 'amount=200&currency=EUR', headers })).toMatchObject({
      status: 400,
      body: { error: { type: 'idempotency_error' } },
    });
  });

  it('answers with Stripe’s error shapes for an unknown intent, a bad request, a wrong key and an unknown path', async () => {
    expect(await call('GET', '/v1/payment_intents/pi_nope', {})).toEqual({
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'intent',
          message: "No such payment_intent: 'pi_nope'",
        },
      },
    });
    expect(await call('POST', '/v1/payment_intents', { body: 'currency=eur' })).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error', param: 'amount' } },
    });
    expect(
      await call('GET', '/v1/payment_intents/pi_nope', { headers: { authorization: 'Bearer sk_test_wrong' } }),
    ).toMatchObject({ status: 401 });
    expect(await call('GET', '/v1/customers', {})).toMatchObject({ status: 404 });
    expect(standIn.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payment_intents/pi_nope',
      'POST /v1/payment_intents',
      'GET /v1/payment_intents/pi_nope',
      'GET /v1/customers',
    ]);
  });

  it('refuses to mark an intent it never created as paid', () => {
    expect(() => standIn.succeed('pi_nope')).toThrow(/pi_nope/);
  });

  it('stops once, however often it is asked to', async () => {
    await standIn.stop();
    await standIn.stop();
  });
});
