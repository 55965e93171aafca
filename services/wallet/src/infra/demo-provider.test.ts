import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DOCUMENTS_FILE, SqliteDocumentStore, type Collection } from '@tip/platform';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoCard } from '../domain/demo-cards.js';
import { DEMO_INTENTS_COLLECTION, DemoPaymentProvider, type DemoIntentDocument } from './demo-provider.js';

const NOW = new Date('2030-06-15T10:00:00Z');
const card = (number: string, expiry = '12/31'): DemoCard => ({ number, expiry, cvc: '123' });
const VISA = card('4242 4242 4242 4242');
const DECLINED = card('4000 0000 0000 0002');

describe('the demo payment provider', () => {
  let dir: string;
  let documents: SqliteDocumentStore;
  let provider: DemoPaymentProvider;
  let intents: Collection<DemoIntentDocument>;

  const order = (idempotencyKey = 'order-1') => ({
    amountCents: 499,
    currency: 'eur',
    metadata: { userId: 'u1', 'package.id': 'credits-100' },
    idempotencyKey,
  });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-demo-provider-'));
    documents = await SqliteDocumentStore.open(dir);
    provider = await DemoPaymentProvider.open(documents, { now: () => NOW });
    intents = await documents.collection<DemoIntentDocument>(DEMO_INTENTS_COLLECTION);
  });
  afterEach(async () => {
    await documents.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('names itself and needs no publishable key', () => {
    expect(provider.name).toBe('demo');
    expect(provider.publishableKey).toBe('');
  });

  it('keeps its intents as a remote provider would, metadata keys with dots included', async () => {
    const { id, clientSecret } = await provider.createIntent(order());
    expect(id).toMatch(/^pi_demo_[0-9a-f]{24}$/);
    expect(clientSecret).toMatch(new RegExp(`^${id}_secret_[0-9a-f]{24}$`));
    expect(await intents.findOne({ _id: id })).toEqual({
      _id: id,
      clientSecret,
      amountCents: 499,
      currency: 'eur',
      metadata: [
        ['package.id', 'credits-100'],
        ['userId', 'u1'],
      ],
      status: 'requires_payment_method',
      idempotencyKey: 'order-1',
      createdAt: NOW.toISOString(),
    });
    expect((await provider.retrieveIntent(id))?.metadata).toEqual({ userId: 'u1', 'package.id': 'credits-100' });
  });

  it('stores one intent when creations with one key race', async () => {
    const created = await Promise.all([1, 2, 3, 4].map(() => provider.createIntent(order('racing'))));
    expect(new Set(created.map((intent) => intent.id)).size).toBe(1);
    expect(await intents.count({})).toBe(1);
  });

  describe('paying with a card', () => {
    it('settles the intent with a test card that succeeds, and a paid intent stays paid', async () => {
      const { id } = await provider.createIntent(order());
      expect(await provider.payWithCard(id, VISA)).toBe('succeeded');
      expect(await provider.retrieveIntent(id)).toMatchObject({ status: 'succeeded' });
      const paid = await intents.findOne({ _id: id });
      expect(paid?.succeededAt).toBe(NOW.toISOString());

      expect(await provider.payWithCard(id, DECLINED)).toBe('succeeded');
      expect(await intents.findOne({ _id: id })).toEqual(paid);
    });

    it('records a declined card and leaves the intent payable with another one', async () => {
      const { id } = await provider.createIntent(order());
      expect(await provider.payWithCard(id, DECLINED)).toBe('card_declined');
      expect(await provider.retrieveIntent(id)).toMatchObject({ status: 'requires_payment_method' });
      expect(await intents.findOne({ _id: id })).toMatchObject({ lastRefusal: 'card_declined' });

      expect(await provider.payWithCard(id, card('5555555555554444'))).toBe('succeeded');
      const paid = await intents.findOne({ _id: id });
      expect(paid).toMatchObject({ status: 'succeeded' });
      expect(paid).not.toHaveProperty('lastRefusal');
    });

    it.each([
      ['insufficient funds', card('4000 0000 0000 9995'), 'insufficient_funds'],
      ['an expiry month that is over', card('4242 4242 4242 4242', '05/30'), 'expired_card'],
      ['a number that fails the check digit', card('4242 4242 4242 4241'), 'invalid_number'],
    ])('refuses a card with %s', async (_case, refused, outcome) => {
      const { id } = await provider.createIntent(order());
      expect(await provider.payWithCard(id, refused)).toBe(outcome);
      expect(await provider.retrieveIntent(id)).toMatchObject({ status: 'requires_payment_method' });
      expect(await intents.findOne({ _id: id })).toMatchObject({ lastRefusal: outcome });
    });

    it('takes a card through the last day of its expiry month', async () => {
      const { id } = await provider.createIntent(order());
      expect(await provider.payWithCard(id, card('4242424242424242', '06/30'))).toBe('succeeded');
    });

    it('answers NOT_FOUND for an intent it never created', async () => {
      await expect(provider.payWithCard('pi_demo_missing', VISA)).rejects.toMatchObject({
        name: 'DomainError',
        code: 'NOT_FOUND',
        messageKey: 'wallet.paymentNotFound',
      });
    });

    it('never writes a card number down', async () => {
      const { id } = await provider.createIntent(order());
      await provider.payWithCard(id, DECLINED);
      await provider.payWithCard(id, VISA);
      await documents.close();
      const file = await readFile(join(dir, DOCUMENTS_FILE), 'utf8');
      expect(file).toContain(id);
      for (const number of [DECLINED.number, VISA.number]) {
        expect(file).not.toContain(number);
        expect(file).not.toContain(number.replace(/ /g, ''));
      }
    });
  });

  it('refuses every webhook: the demo sends none', () => {
    const payload = Buffer.from(JSON.stringify({ type: 'payment_intent.succeeded' }));
    expect(() => provider.verifyWebhook(payload, 't=1,v1=00')).toThrow(
      expect.objectContaining({ code: 'UNAUTHENTICATED', messageKey: 'wallet.webhookInvalid' }),
    );
  });
});
