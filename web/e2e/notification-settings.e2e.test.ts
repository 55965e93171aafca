import { expect, it } from '@jest/globals';
import type { BrowserContextOptions, Page, Request } from 'playwright-core';
import { ADMIN, describeE2E, useE2E } from './harness.js';
import { newMember, registerMember, signInByApi, type Member } from './members.js';
import { appText } from './texts.js';
import { toastWith, until } from './waits.js';

const e2e = useE2E({
  env: () => ({
    REGISTER_LIMIT_PER_ADDRESS: '100',
    LOGIN_LIMIT_PER_ADDRESS: '100',
    // The browser's push service stand-in (below) names this host; nothing is ever sent there.
    PUSH_SERVICE_HOSTS: 'push.example.test',
  }),
});

const GROUPS = ['messages', 'posts', 'decisions', 'credits', 'queues'] as const;
type Group = (typeof GROUPS)[number];
const SUBSCRIPTIONS = '/api/notifications/push/subscriptions';

const text = (key: string) => appText(`notifications.settings.${key}`);
const group = (page: Page, name: Group) => page.getByRole('group', { name: text(`groups.${name}.title`) });
const inApp = (page: Page, name: Group) => group(page, name).getByRole('switch', { name: text('inApp') });
const onDevice = (page: Page, name: Group) => group(page, name).getByRole('switch', { name: text('device') });
const previews = (page: Page) => page.getByRole('switch', { name: text('previews') });
const quietHours = (page: Page) => page.getByRole('switch', { name: text('quietHours') });
const quietFrom = (page: Page) => page.getByLabel(text('from'), { exact: true });
const quietTo = (page: Page) => page.getByLabel(text('to'), { exact: true });
const isOn = async (control: ReturnType<typeof previews>) => (await control.getAttribute('aria-checked')) === 'true';

/** A member (or the admin) signed in on a page of their own, the settings' notifications section shown. */
async function openSettings(who: Member | typeof ADMIN, options: BrowserContextOptions = {}) {
  const page = await e2e.newPage(options);
  await signInByApi(page, who);
  await page.goto('/settings');
  await inApp(page, 'messages').waitFor();
  return page;
}

async function save(page: Page) {
  await page.getByRole('button', { name: text('save') }).click();
  await toastWith(page, text('saved')).waitFor();
}

async function savedPreferences(page: Page) {
  const answer = await page.request.get('/api/notifications/preferences');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

const switches = (on: Group[]) => Object.fromEntries(GROUPS.map((name) => [name, on.includes(name)]));

/**
 * Chromium without a browser vendor's push service cannot subscribe (PushManager.subscribe fails, 'Registration
 * failed'): the page's PushManager is handed a stand-in for that outside service. It subscribes with a real P-256 key
 * pair and keeps the subscription in localStorage, so that a reload finds it; each unsubscribe is reported to the
 * test through `pushUnsubscribed`, which outlives the page's navigations.
 */
async function withPushServiceStandIn(page: Page, unsubscribed: string[]) {
  await page.exposeFunction('pushUnsubscribed', (endpoint: string) => unsubscribed.push(endpoint));
  await page.addInitScript(() => {
    const stored = 'e2e-push-subscription';
    const base64url = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const report = window as unknown as { pushUnsubscribed(endpoint: string): Promise<void> };
    const subscription = (json: PushSubscriptionJSON & { applicationServerKey: string }) => ({
      endpoint: json.endpoint,
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(stored);
        await report.pushUnsubscribed(json.endpoint ?? '');
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function getSubscription() {
      const json = localStorage.getItem(stored);
      return json ? (subscription(JSON.parse(json)) as unknown as PushSubscription) : null;
    };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      if (!(key instanceof Uint8Array)) throw new TypeError('applicationServerKey: the key bytes expected');
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const json = {
        endpoint: `https://push.example.test/${crypto.randomUUID()}`,
        keys: {
          p256dh: base64url(await crypto.subtle.exportKey('raw', pair.publicKey)),
          auth: base64url(crypto.getRandomValues(new Uint8Array(16)).buffer),
        },
        applicationServerKey: base64url(key.buffer as ArrayBuffer),
      };
      localStorage.setItem(stored, JSON.stringify(json));
      return subscription(json) as unknown as PushSubscription;
    };
  });
}

/** The page's requests to `pathname`, with their methods and bodies, in order. */
function requestsTo(page: Page, pathname: string) {
  const calls: { method: string; body: unknown }[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === pathname)
      calls.push({ method: request.method(), body: request.postDataJSON() });
  });
  return calls;
}

describeE2E('the notifications section of the settings', () => {
  it('saves what a member chose and shows it again after a reload, as the server kept it', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('scelte'));
    const page = await openSettings(member, { timezoneId: 'Asia/Tokyo' });
    // New members: everything in the app, nothing on their devices, no previews, no quiet hours.
    for (const name of ['messages', 'posts', 'decisions', 'credits'] as const) {
      expect(await isOn(inApp(page, name))).toBe(true);
      expect(await isOn(onDevice(page, name))).toBe(false);
    }
    expect(await group(page, 'queues').count()).toBe(0);
    expect(await isOn(previews(page))).toBe(false);
    expect(await isOn(quietHours(page))).toBe(false);

    await inApp(page, 'posts').click();
    await previews(page).click();
    await quietHours(page).click();
    await quietFrom(page).fill('23:30');
    await quietTo(page).fill('06:45');
    await save(page);
    const kept = {
      inApp: switches(['messages', 'decisions', 'credits', 'queues']),
      push: switches([]),
      previews: true,
      quietHours: { from: '23:30', to: '06:45', timeZone: 'Asia/Tokyo' },
    };
    expect(await savedPreferences(page)).toEqual(kept);

    await page.reload();
    await inApp(page, 'messages').waitFor();
    expect(await isOn(inApp(page, 'posts'))).toBe(false);
    expect(await isOn(inApp(page, 'messages'))).toBe(true);
    expect(await isOn(previews(page))).toBe(true);
    expect(await isOn(quietHours(page))).toBe(true);
    expect(await quietFrom(page).inputValue()).toBe('23:30');
    expect(await quietTo(page).inputValue()).toBe('06:45');

    // Quiet hours off again: none are sent.
    await quietHours(page).click();
    await save(page);
    expect(await savedPreferences(page)).toEqual({ ...kept, quietHours: null });
  });

  it("shows admins their queues' switch, which they save like the others", async () => {
    const page = await openSettings(ADMIN);
    expect(await isOn(inApp(page, 'queues'))).toBe(true);
    await inApp(page, 'queues').click();
    await save(page);
    expect(await savedPreferences(page)).toMatchObject({
      inApp: switches(['messages', 'posts', 'decisions', 'credits']),
    });
  });

  it('explains instead of the device switches when the browser refuses notifications or has no Push API', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('negato'));
    // Headless Chromium refuses a permission the test did not grant, as a member who blocks the prompt.
    const refused = await openSettings(member);
    await onDevice(refused, 'messages').click();
    await refused.getByRole('note').getByText(text('deviceDenied')).waitFor();
    expect(await refused.getByRole('switch', { name: text('device') }).count()).toBe(0);
    expect(await isOn(inApp(refused, 'messages'))).toBe(true);

    // iOS Safari outside an app added to the Home Screen has no PushManager.
    const phone = await e2e.newPage();
    await phone.addInitScript(() => Reflect.deleteProperty(window, 'PushManager'));
    await signInByApi(phone, member);
    await phone.goto('/settings');
    await phone.getByRole('note').getByText(text('deviceUnsupported')).waitFor();
    expect(await phone.getByRole('switch', { name: text('device') }).count()).toBe(0);
  });

  it('subscribes the device with the first device switch, unsubscribes it with the last, and on signing out', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('dispositivo'));
    const page = await e2e.newPage({ serviceWorkers: 'allow' });
    await page.context().grantPermissions(['notifications'], { origin: e2e.baseUrl });
    const unsubscribed: string[] = [];
    await withPushServiceStandIn(page, unsubscribed);
    const calls = requestsTo(page, SUBSCRIPTIONS);
    await signInByApi(page, member);
    await page.goto('/settings');
    await onDevice(page, 'messages').click();
    await until('the subscription is posted', () => calls.length === 1);

    const { publicKey } = (await (await page.request.get('/api/notifications/push/key')).json()) as {
      publicKey: string;
    };
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('e2e-push-subscription') ?? 'null'));
    expect(stored.applicationServerKey).toBe(publicKey);
    expect(calls[0]).toEqual({
      method: 'POST',
      body: { endpoint: stored.endpoint, keys: stored.keys, language: 'it' },
    });
    await until('the device switch is on', () => isOn(onDevice(page, 'messages')));
    expect(await isOn(onDevice(page, 'posts'))).toBe(false);
    await save(page);
    expect(await savedPreferences(page)).toMatchObject({ push: switches(['messages']) });

    // Another visit finds the device subscribed.
    await page.reload();
    await until('the device switch is on after a reload', () => isOn(onDevice(page, 'messages')));

    // The last device switch off, saved: the server forgets the endpoint, then the browser drops it.
    await onDevice(page, 'messages').click();
    await save(page);
    await until('the device is unsubscribed', () => unsubscribed.length === 1);
    expect(calls[1]).toEqual({ method: 'DELETE', body: { endpoint: stored.endpoint } });
    expect(unsubscribed).toEqual([stored.endpoint]);
    expect(await savedPreferences(page)).toMatchObject({ push: switches([]) });

    // Subscribed again, then signed out: the endpoint ends before the session does.
    await onDevice(page, 'credits').click();
    await until('the second subscription is posted', () => calls.length === 3);
    const again = calls[2]?.body as { endpoint: string };
    const signOuts = requestsTo(page, '/api/logout');
    // The top bar hides while the page is scrolled down to the section: it shows again as the page scrolls up.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('header[data-hidden="false"]').waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: appText('nav.logout') })
      .click();
    // Each stage waits on its own, so that a loaded machine's slow one says which it was.
    await until('the device is unsubscribed on signing out', () => calls.length === 4);
    await until('the session is ended', () => signOuts.length === 1);
    expect(calls[3]).toEqual({ method: 'DELETE', body: { endpoint: again.endpoint } });
    expect(unsubscribed).toEqual([stored.endpoint, again.endpoint]);
  });

  it('writes the device’s pushes in the language the member switches to', async () => {
    const member = await registerMember(e2e.baseUrl, newMember('lingua'));
    const page = await e2e.newPage({ serviceWorkers: 'allow' });
    await page.context().grantPermissions(['notifications'], { origin: e2e.baseUrl });
    await withPushServiceStandIn(page, []);
    const calls = requestsTo(page, SUBSCRIPTIONS);
    await signInByApi(page, member);
    await page.goto('/settings');
    await onDevice(page, 'messages').click();
    await until('the subscription is posted', () => calls.length === 1);
    const { endpoint } = calls[0]?.body as { endpoint: string };

    // A page load in the same language tells the server nothing more.
    await page.reload();
    await inApp(page, 'messages').waitFor();
    expect(calls).toHaveLength(1);

    // The language switcher reloads the page in English: the subscription follows, once.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page
      .getByRole('combobox', { name: appText('language.label') })
      .first()
      .selectOption('en');
    await until('the subscription is posted in English', () => calls.length === 2);
    expect(calls[1]).toMatchObject({ method: 'POST', body: { endpoint, language: 'en' } });
    // Once the server took it: a page left while the request was on its way tells it again at the next load.
    await until('the device remembers English', () =>
      page.evaluate(() => localStorage.getItem('tip.push-language') === 'en'),
    );
    await page.reload();
    await page.getByRole('switch').first().waitFor();
    expect(calls).toHaveLength(2);
  });
});
