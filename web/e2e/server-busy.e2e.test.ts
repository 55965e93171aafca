import { expect, it } from '@jest/globals';
import { approveForMessaging, memberOnPage } from './content.js';
import { ADMIN, describeE2E, useE2E, type Session } from './harness.js';
import { apiSession, newMember, type Member } from './members.js';
import { appText, serverText, withValues } from './texts.js';
import { realtimeConnected, until } from './waits.js';

const e2e = useE2E({ env: () => ({ REGISTER_LIMIT_PER_ADDRESS: '100', LOGIN_LIMIT_PER_ADDRESS: '100' }) });

/** A member on a page of their own, credited, approved once messaging has heard of it. */
const memberWith = (admin: Session, member: Member, credits: number) =>
  memberOnPage(e2e, admin, member, { credits, approve: approveForMessaging });

describeE2E('a busy server', () => {
  it('sends a refused message again after Retry-After, saying so meanwhile, and charges it once', async () => {
    const admin = await apiSession(e2e, ADMIN);
    const sender = await memberWith(admin, newMember('paziente'), 10);
    const recipient = await memberWith(admin, newMember('attende'), 0);

    // The first send meets the server past capacity: the BFF's own refusal (503, Retry-After: 2), as the gate
    // answers it (bff/src/admission); the next goes through to the server.
    const bodies: string[] = [];
    await sender.page.route('**/api/messages', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      bodies.push(route.request().postData() ?? '');
      if (bodies.length > 1) return route.continue();
      return route.fulfill({
        status: 503,
        headers: { 'Retry-After': '2', 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ message: withValues(serverText('errors.serverBusy'), { retryAfterSeconds: 2 }) }),
      });
    });
    const connected = realtimeConnected(sender.page);
    await sender.page.goto(`/messages?user=${encodeURIComponent(recipient.id)}`);
    await connected;

    const text = 'Ciao, anche se il server è occupato';
    await sender.page.getByTestId('message-input').fill(text);
    await sender.page.getByTestId('message-input').press('Enter');
    const notice = sender.page.getByRole('status').getByText(withValues(appText('common.serverBusy'), { seconds: 2 }));
    await notice.waitFor();
    const sent = sender.page.locator('[data-testid="message"][data-own="true"]', { hasText: text });
    await until('the message shows sent', async () => (await sent.getAttribute('data-state')) === 'sent');
    await notice.waitFor({ state: 'detached' });

    // Sent twice with one id, stored and charged once.
    expect(bodies).toHaveLength(2);
    expect((JSON.parse(bodies[0] ?? '{}') as { id?: string }).id).toBeDefined();
    expect(bodies[1]).toBe(bodies[0]);
    const credits = async () =>
      ((await (await sender.page.request.get('/api/auth/user')).json()) as { credits: number }).credits;
    expect(await credits()).toBe(8);
    await recipient.page.goto(`/messages?user=${encodeURIComponent(sender.id)}`);
    await recipient.page.locator('[data-testid="message"][data-own="false"]', { hasText: text }).waitFor();
    expect(await recipient.page.locator('[data-testid="message"]').count()).toBe(1);
  });
});
