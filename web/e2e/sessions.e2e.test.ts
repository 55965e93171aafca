import { expect, it } from '@jest/globals';
import { describeE2E, useE2E, type Session } from './harness.js';
import { newMember, registerMember, signInByApi } from './members.js';
import { appText, serverText, withValues } from './texts.js';
import { addressOf, realtimeConnected, toastWith, until } from './waits.js';

const e2e = useE2E();

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const userStatus = async (session: Session) => (await session.request.get('/api/auth/user')).status();

describeE2E('where a member is signed in', () => {
  it('ends a session from another browser: it gets 401 at once and its page goes to sign in', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('sessioni'));
    // The phone: another browser context, signed in and showing the profile, its socket connected.
    const phone = await e2e.newPage({ userAgent: PHONE });
    await signInByApi(phone, member);
    const phoneConnected = realtimeConnected(phone);
    await phone.goto('/profile');
    await phoneConnected;

    const laptop = await e2e.newPage();
    await signInByApi(laptop, member);
    await laptop.goto('/profile');
    await laptop.getByText(appText('profile.sessions.title'), { exact: true }).first().waitFor();
    const phoneWhere = withValues(appText('profile.sessions.where'), { browser: 'Safari', os: 'iOS' });
    const phoneRow = laptop.getByRole('listitem').filter({ hasText: phoneWhere });
    await phoneRow.getByText(appText('profile.sessions.device.mobile')).waitFor();
    await laptop
      .getByRole('listitem')
      .filter({ hasText: appText('profile.sessions.current') })
      .getByText(withValues(appText('profile.sessions.where'), { browser: 'Chrome', os: 'Linux' }))
      .waitFor();

    await phoneRow.getByRole('button', { name: appText('profile.sessions.end') }).click();
    await toastWith(laptop, serverText('identity.sessionEnded')).waitFor();
    // At once: the next request of the phone's session is refused, before anything else happens.
    expect(await userStatus(phone)).toBe(401);
    expect(await userStatus(laptop)).toBe(200);
    // Its socket closed by the server, the phone's page finds itself signed out and goes to sign in by itself.
    await until('the phone is sent to sign in', () => addressOf(phone) === '/login');
    await phoneRow.waitFor({ state: 'detached' });

    // The registration's session (no browser named) is the one other left: 'sign out everywhere else' ends it.
    await laptop.getByRole('button', { name: appText('profile.sessions.endOthers') }).click();
    await toastWith(laptop, withValues(serverText('identity.otherSessionsEnded_one'), { count: 1 })).waitFor();
    await laptop.getByRole('button', { name: appText('profile.sessions.endOthers') }).waitFor({ state: 'detached' });
    expect(await userStatus(laptop)).toBe(200);
  });

  it('changes the password on the profile with the current one: the other browser is signed out at once', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('nuovapassword'));
    const phone = await e2e.newSession({ userAgent: PHONE });
    await signInByApi(phone, member);
    const laptop = await e2e.newPage();
    await signInByApi(laptop, member);
    await laptop.goto('/profile');
    // The e-mail card asks for the current password too: the password card's own fields.
    const card = laptop.locator('[data-slot="card"]', { hasText: appText('profile.password.description') });
    const fill = async (current: string, next: string) => {
      await card.getByLabel(appText('profile.password.current')).fill(current);
      await card.getByLabel(appText('profile.password.new'), { exact: true }).fill(next);
      await card.getByLabel(appText('profile.password.confirm')).fill(next);
      await card.getByRole('button', { name: appText('profile.password.submit') }).click();
    };
    await fill('non-e-questa', 'una-password-nuova');
    await toastWith(laptop, serverText('identity.currentPasswordWrong')).waitFor();
    expect(await userStatus(phone)).toBe(200);

    await fill(member.password, 'una-password-nuova');
    await toastWith(laptop, serverText('identity.passwordChanged')).waitFor();
    expect(await userStatus(phone)).toBe(401);
    expect(await userStatus(laptop)).toBe(200);
    await signInByApi(await e2e.newSession(), { email: member.email, password: 'una-password-nuova' });
  });
});
