/** Credits for the browser tests: through the API (the checkout's own calls) for tests that are not about checkout, and the demo card form. */
import type { Page } from 'playwright-core';
import type { Session } from './harness.js';
import { appText, euro, withValues } from './texts.js';

async function post<T>(session: Session, path: string, data: unknown): Promise<T> {
  const response = await session.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Buys the package of `credits` credits with the demo provider's succeeding card, as the member signed in on `session`. */
export async function buyCreditsByApi(session: Session, credits: number): Promise<{ credits: number }> {
  const { paymentIntentId } = await post<{ paymentIntentId: string }>(session, '/api/create-payment-intent', {
    amount: 0,
    credits,
  });
  await post(session, '/api/demo-payments/confirm', {
    paymentIntentId,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  return post<{ credits: number }>(session, '/api/confirm-payment', { paymentIntentId });
}

/** An admin (signed in on `admin`, a page or an API session) makes the member `userId` a tester (or not). */
export async function setTesterByApi(admin: Session, userId: string, isTester: boolean): Promise<void> {
  const response = await admin.request.put(`/api/admin/users/${encodeURIComponent(userId)}/tester`, {
    data: { isTester },
  });
  if (!response.ok()) throw new Error(`setting the tester flag: ${response.status()} ${await response.text()}`);
}

/** The checkout's 'Completa Acquisto €price' button. */
export const payButton = (page: Page, cents: number) =>
  page.getByRole('button', { name: withValues(appText('checkout.summary.pay'), { price: euro(cents) }) });

/** Pays `cents` at the checkout on `page` with the demo provider's card `number`, as a member types it. */
export async function payWithCard(page: Page, number: string, cents: number): Promise<void> {
  await page.getByLabel(appText('checkout.demo.cardNumber')).fill(number);
  await page.getByLabel(appText('checkout.demo.expiry')).fill('12/34');
  await page.getByLabel(appText('checkout.demo.cvc')).fill('123');
  await payButton(page, cents).click();
}
