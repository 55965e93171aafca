import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { failureOf, waitFor } from '@tip/platform/testing';
import { SESSIONS_COLLECTION, type SessionDocument } from '../infra/session-repository.js';
import { LAST_SEEN_RESOLUTION_MS } from '../domain/session-device.js';
import { registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await startIdentityHarness();
});
afterAll(() => harness.stop());

const LINUX_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const LINUX_CHROME_NEXT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const sessions = () => harness.documents.collection<SessionDocument>(SESSIONS_COLLECTION);
const published = (type: string, sessionId: string) =>
  harness.published.filter(
    (event) => event.type === type && (event.payload as { sessionId: string }).sessionId === sessionId,
  );

async function member(language = 'it') {
  const email = `sessioni-${Math.random().toString(36).slice(2, 8)}@example.it`;
  const user = await registerMember(harness, { email, language });
  await harness.mail.nextTo(email);
  return { user, email };
}

describe('sessions', () => {
  it('are listed with device, browser, OS and when first and last seen, and only the member sees theirs', async () => {
    const { user } = await member();
    const { user: other } = await member();
    const started = await harness.client.StartSession({ userId: user.id, userAgent: LINUX_CHROME });
    expect(started.newDevice).toBe(false);
    const { sessions: list } = await harness.client.ListSessions({ userId: user.id });
    expect(list).toEqual([
      {
        id: started.sessionId,
        device: 'desktop',
        browser: 'Chrome',
        os: 'Linux',
        firstSeenAt: expect.any(String),
        lastSeenAt: expect.any(String),
      },
    ]);
    expect((await harness.client.ListSessions({ userId: other.id })).sessions).toEqual([]);
    expect(await harness.client.TouchSession({ userId: other.id, sessionId: started.sessionId })).toEqual({
      live: false,
    });
    expect(
      await failureOf(harness.client.EndSession({ userId: other.id, sessionId: started.sessionId })),
    ).toMatchObject({ code: 'NOT_FOUND', messageKey: 'identity.sessionNotFound' });
    expect(await harness.client.TouchSession({ userId: user.id, sessionId: started.sessionId })).toEqual({
      live: true,
    });
  });

  it('marks a session seen at most once per resolution, not on every touch', async () => {
    const { user } = await member();
    const { sessionId } = await harness.client.StartSession({ userId: user.id, userAgent: LINUX_CHROME });
    const stored = async () => {
      const session = await (await sessions()).findOne({ _id: sessionId });
      if (!session) throw new Error(`session ${sessionId} is not stored`);
      return session;
    };
    const first = (await stored()).lastSeenAt;
    await harness.client.TouchSession({ userId: user.id, sessionId });
    expect((await stored()).lastSeenAt).toBe(first);
    const earlier = new Date(Date.parse(first) - LAST_SEEN_RESOLUTION_MS).toISOString();
    await (await sessions()).updateOne({ _id: sessionId }, { $set: { lastSeenAt: earlier } });
    await harness.client.TouchSession({ userId: user.id, sessionId });
    expect(Date.parse((await stored()).lastSeenAt)).toBeGreaterThan(Date.parse(earlier));
  });

  it('ends one, or all but the current one, each with SessionEnded, and an ended one is not live', async () => {
    const { user } = await member();
    const ids = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push((await harness.client.StartSession({ userId: user.id, userAgent: LINUX_CHROME })).sessionId);
    }
    const [current, lost, other] = ids as [string, string, string];
    await harness.client.EndSession({ userId: user.id, sessionId: lost });
    expect(await harness.client.TouchSession({ userId: user.id, sessionId: lost })).toEqual({ live: false });
    expect(await failureOf(harness.client.EndSession({ userId: user.id, sessionId: lost }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await harness.client.EndOtherSessions({ userId: user.id, sessionId: current })).toEqual({
      count: 1,
      sessionIds: [other],
    });
    const { sessions: left } = await harness.client.ListSessions({ userId: user.id });
    expect(left.map((session) => session.id)).toEqual([current]);
    await waitFor(() => published('SessionEnded', lost).length === 1 && published('SessionEnded', other).length === 1);
    expect(published('SessionEnded', current)).toEqual([]);
    expect(published('SessionEnded', other)[0]?.payload).toEqual({ userId: user.id, sessionId: other });
  });

  it('tells of a device the member had not signed in from, in their language, and not of one they had', async () => {
    const { user, email } = await member('de');
    expect((await harness.client.StartSession({ userId: user.id, userAgent: LINUX_CHROME })).newDevice).toBe(false);
    const update = await harness.client.StartSession({ userId: user.id, userAgent: LINUX_CHROME_NEXT });
    expect(update.newDevice).toBe(false);
    const phone = await harness.client.StartSession({ userId: user.id, userAgent: IPHONE });
    expect(phone.newDevice).toBe(true);
    const mail = await harness.mail.nextTo(email, 1);
    expect(mail.subject).toBe('Neue Anmeldung bei deinem Tip-Konto');
    expect(mail.text).toContain('Safari unter iOS');
    expect(mail.link).toBe('http://tip.test/profile');
    await waitFor(() => published('NewDeviceSignedIn', phone.sessionId).length === 1);
    expect(published('NewDeviceSignedIn', update.sessionId)).toEqual([]);
    expect((await harness.client.StartSession({ userId: user.id, userAgent: IPHONE })).newDevice).toBe(false);
    expect(harness.mail.countTo(email)).toBe(2);
  });

  it('end, all of them, with a password reset', async () => {
    const { user, email } = await member();
    const { sessionId } = await harness.client.StartSession({ userId: user.id, userAgent: LINUX_CHROME });
    await harness.client.RequestPasswordReset({ email, language: 'it' });
    const link = new URL((await harness.mail.nextTo(email, 1)).link);
    await harness.client.ResetPassword({ token: link.searchParams.get('token') ?? '', password: 'nuova-password' });
    expect(await harness.client.TouchSession({ userId: user.id, sessionId })).toEqual({ live: false });
    expect((await harness.client.ListSessions({ userId: user.id })).sessions).toEqual([]);
  });

  it("are in the member's export with the mails sent to them, never a mail's link", async () => {
    const { user, email } = await member();
    await harness.client.StartSession({ userId: user.id, userAgent: IPHONE });
    const confirmation = await harness.mail.nextTo(email);
    const exported = async () => JSON.parse((await harness.client.ExportMember({ userId: user.id })).json);
    await waitFor(async () => (await exported()).mailsSent.length === 1);
    const data = await exported();
    expect(data.sessions).toEqual([
      {
        device: 'mobile',
        browser: 'Safari',
        os: 'iOS',
        firstSeenAt: expect.any(String),
        lastSeenAt: expect.any(String),
      },
    ]);
    expect(data.mailsSent).toEqual([{ to: email, subject: confirmation.subject, sentAt: expect.any(String) }]);
    expect(JSON.stringify(data)).not.toContain(confirmation.link);
  });

  it('go with the account, with the devices it signed in from', async () => {
    const { user } = await member();
    await harness.client.StartSession({ userId: user.id, userAgent: LINUX_CHROME });
    await harness.client.DeleteAccount({ userId: user.id });
    expect(await (await sessions()).count({ userId: user.id })).toBe(0);
    const devices = await harness.documents.collection('session_devices');
    expect(await devices.count({ userId: user.id })).toBe(0);
    expect(await failureOf(harness.client.StartSession({ userId: user.id, userAgent: LINUX_CHROME }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
