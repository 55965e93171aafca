import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DomainError } from '@tip/platform';
import { failureOf, startServiceHarness, waitFor, type ServiceHarness } from '@tip/platform/testing';
import { WALLET_LEDGER_TOPIC, walletDefinition, type WalletDefinition } from '../contract/index.js';
import type { WalletContext } from '../app/context.js';
import { startWalletService, type RunningWalletService } from '../service.js';
import { newMemberId } from '../testing/harness.js';

type ApplyPremiumPurchase = WalletContext['identity']['ApplyPremiumPurchase'];

const EXPIRY = '2030-01-31T00:00:00.000Z';
/** Identity as the wallet calls it: down while `down`, and then extending premium to EXPIRY, as often as asked. */
const identity = {
  down: true,
  calls: [] as string[],
  ApplyPremiumPurchase: (async ({ paymentId }: { paymentId: string }) => {
    if (identity.down) throw new DomainError('UNAVAILABLE', 'errors.unavailable');
    identity.calls.push(paymentId);
    return { premiumSubscriptionExpiry: EXPIRY };
  }) as unknown as ApplyPremiumPurchase,
};

let harness: ServiceHarness<WalletDefinition, RunningWalletService>;

beforeAll(async () => {
  harness = await startServiceHarness({
    name: 'wallet-premium',
    definition: walletDefinition(),
    watch: [WALLET_LEDGER_TOPIC],
    start: (runtime) => startWalletService({ ...runtime, identity }),
  });
});
afterAll(() => harness.stop());

describe('a premium purchase', () => {
  it('is settled only once identity extended premium, by the call alone: while identity is down, the payment waits', async () => {
    const userId = newMemberId();
    const { paymentId } = await harness.client.CreatePayment({ userId, productId: 'premium-1m' });
    const card = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };
    expect(await harness.client.PayWithDemoCard({ userId, paymentId, ...card })).toEqual({ status: 'succeeded' });
    expect(await failureOf(harness.client.ConfirmPayment({ userId, paymentId }))).toMatchObject({
      code: 'UNAVAILABLE',
    });
    const purchased = () => harness.published.filter((event) => event.type === 'PremiumPurchased');

    identity.down = false;
    const identityUp = new Date().toISOString();
    const confirmed = await harness.client.ConfirmPayment({ userId, paymentId });
    expect(confirmed).toMatchObject({ premiumMonths: 1, premiumExpiry: EXPIRY });
    // Confirmed again (the buyer's second tab, the provider's webhook): identity is asked again, and is idempotent.
    expect(await harness.client.ConfirmPayment({ userId, paymentId })).toMatchObject({ premiumExpiry: EXPIRY });
    expect(identity.calls).toEqual([paymentId, paymentId]);
    // Settled once, after identity answered: the payment waited, open, until then.
    await waitFor(() => purchased().length > 0, 5000, 'PremiumPurchased');
    expect(purchased().map((event) => event.payload)).toEqual([expect.objectContaining({ paymentId })]);
    expect((purchased()[0]?.payload as { purchasedAt: string }).purchasedAt >= identityUp).toBe(true);
  });
});
