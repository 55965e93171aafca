import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createAdapters,
  createGrpcClient,
  generateServiceTokenSecret,
  createLogger,
  type Adapters,
  type Logger,
  type ServiceClient,
} from '@tip/platform';
import { ADMIT_AT_ANY_LOAD, scaled } from '@tip/platform/testing';
import { contentDefinition, type ContentDefinition } from '@tip/content/contract';
import { identityDefinition, type IdentityDefinition } from '@tip/identity/contract';
import { messagingDefinition, type MessagingDefinition } from '@tip/messaging/contract';
import { moderationDefinition, type ModerationDefinition } from '@tip/moderation/contract';
import { notificationsDefinition, type NotificationsDefinition } from '@tip/notifications/contract';
import { walletDefinition, type WalletDefinition } from '@tip/wallet/contract';
import { startIdentityService, type IdentityServiceOptions } from '@tip/identity';
import { capturedMail, type CapturedMail } from '@tip/identity/testing';
import { startWalletService, type StripeSettings } from '@tip/wallet';
import { startContentService, type ContentServiceOptions } from '@tip/content';
import { startMessagingService } from '@tip/messaging';
import { startModerationService } from '@tip/moderation';
import { startNotificationsService, type PushOptions } from '@tip/notifications';
import { bffConfigSchema } from '../config.js';
import { WRITE_LIMIT_VARIABLES } from '../http/rate-limits.js';
import { startBff, type RunningBff } from '../start-bff.js';
import { Browser } from './browser.js';
import { JPEG } from './images.js';

/** The secret the services check their callers' tokens against, as the BFF would hold it (SERVICE_TOKEN_SECRET). */
const serviceTokenSecret = generateServiceTokenSecret();

export const ADMIN = { email: 'admin@tip.test', password: 'admin-password-1' };

export interface TestStack {
  url: string;
  bff: RunningBff;
  dataDir: string;
  adapters: Adapters;
  /** A gRPC client of the identity service, to check what it stored. */
  identity: ServiceClient<IdentityDefinition>;
  /** The mail identity sent (confirmation codes, reset links). */
  mail: CapturedMail;
  /** A gRPC client of the wallet, to check balances and the ledger. */
  wallet: ServiceClient<WalletDefinition>;
  /** The wallet as a service calls it (`content`, say), for what the BFF may not do: a debit. */
  walletAs(caller: string): ServiceClient<WalletDefinition>;
  /** A gRPC client of the content service. */
  content: ServiceClient<ContentDefinition>;
  /** A gRPC client of the messaging service. */
  messaging: ServiceClient<MessagingDefinition>;
  /** A gRPC client of the moderation service. */
  moderation: ServiceClient<ModerationDefinition>;
  /** A gRPC client of the notifications service. */
  notifications: ServiceClient<NotificationsDefinition>;
  browser(language?: string): Browser;
  /** Registers a member (pending) and returns a browser signed in as them. */
  member(name: string): Promise<{ browser: Browser; id: string; email: string; password: string }>;
  /** A browser signed in as the admin. */
  admin(): Promise<{ browser: Browser; id: string }>;
  /**
   * Another BFF replica on the same services, cache and event log, following the log in groups of its own (as
   * another host's would); its URL, for a browser's requests by full address. Stopped with the stack.
   */
  replica(): Promise<string>;
  /** Stored user documents, to show that a refused request stored nothing. */
  storedUserCount(): Promise<number>;
  /** Files in the media store. */
  mediaFileCount(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The embedded stack for HTTP tests: in a scratch DATA_DIR, the platform's embedded adapters, the real identity and
 * wallet services on 127.0.0.1:0, and the BFF on a free port. `env` overrides BFF settings (limits, Google,
 * WEB_DIST); `stripe` makes the wallet take payments through Stripe (a local stand-in) instead of the demo.
 */
export async function startStack(
  options: {
    env?: Record<string, string>;
    stripe?: StripeSettings;
    /** Whether new posts wait for a moderator; published at once unless a test says otherwise. */
    postApproval?: ContentServiceOptions['approval'];
    /** How long a member stays online after their last socket closed (the BFF's default otherwise). */
    offlineAfterMs?: number;
    /** Notifications' pushes go to a local push service's stand-in: its host admitted, its certificate trusted. */
    push?: PushOptions;
    /** Where every part logs (silent unless TEST_LOG_LEVEL says otherwise), for a test that reads the log. */
    logger?: Logger;
    /** Whether admins must have a second factor (identity's ADMIN_SECOND_FACTOR); not by default. */
    adminSecondFactor?: IdentityServiceOptions['adminSecondFactor'];
  } = {},
): Promise<TestStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tip-bff-'));
  const logger = options.logger ?? createLogger('bff-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const adapters = await createAdapters({ dataDir, logger });
  const clients: { close(): void }[] = [];
  /** A gRPC client whose token names `caller`: the BFF's, or a service's calling another. */
  function connect<D>(
    definition: Parameters<typeof createGrpcClient<D>>[0],
    address: string,
    caller = 'bff',
  ): ServiceClient<D> {
    const client = createGrpcClient(definition, address, { caller, serviceTokenSecret, timeoutMs: scaled(20_000) });
    clients.push(client);
    return client;
  }
  const mail = capturedMail();
  const identityService = await startIdentityService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    documents: adapters.documents,
    events: adapters.events,
    objects: adapters.objects,
    logger,
    admin: ADMIN,
    mail,
    adminSecondFactor: options.adminSecondFactor,
  });
  const identity = connect(identityDefinition(), identityService.address);
  const walletService = await startWalletService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    documents: adapters.documents,
    events: adapters.events,
    logger,
    ...(options.stripe && { stripe: options.stripe }),
    identity: connect(identityDefinition(), identityService.address, 'wallet'),
  });
  const wallet = connect(walletDefinition(), walletService.address);
  const contentService = await startContentService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    documents: adapters.documents,
    events: adapters.events,
    objects: adapters.objects,
    logger,
    approval: options.postApproval ?? 'immediate',
    wallet: connect(walletDefinition(), walletService.address, 'content'),
  });
  const content = connect(contentDefinition(), contentService.address);
  const messagingService = await startMessagingService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    documents: adapters.documents,
    events: adapters.events,
    logger,
    wallet: connect(walletDefinition(), walletService.address, 'messaging'),
  });
  const messaging = connect(messagingDefinition(), messagingService.address);
  const moderationService = await startModerationService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    documents: adapters.documents,
    events: adapters.events,
    logger,
    identity: connect(identityDefinition(), identityService.address, 'moderation'),
    content: connect(contentDefinition(), contentService.address, 'moderation'),
  });
  const moderation = connect(moderationDefinition(), moderationService.address);
  const notificationsService = await startNotificationsService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    documents: adapters.documents,
    events: adapters.events,
    logger,
    ...options.push,
    // A message's push waits this long for its thread to be read; tests need not wait the default 4 s.
    pushHoldMs: 500,
    messaging: connect(messagingDefinition(), messagingService.address, 'notifications'),
  });
  const notifications = connect(notificationsDefinition(), notificationsService.address);
  const config = bffConfigSchema.parse({
    PORT: '0',
    SESSION_SECRET: 'test-session-secret-0123456789-abcdefghij',
    NODE_ENV: 'test',
    // The console's test data and quick-login: the moderation and contract tests use them.
    ENABLE_TEST_DATA: '1',
    WEB_DIST: join(dataDir, 'no-web-build'),
    // Every test browser comes from 127.0.0.1: per-address limits would trip over the tests themselves. Tests write
    // faster than people too: a test of the write limits sets its own.
    LOGIN_LIMIT_PER_ADDRESS: '1000',
    REGISTER_LIMIT_PER_ADDRESS: '1000',
    ...Object.fromEntries(WRITE_LIMIT_VARIABLES.map((variable) => [variable, '100000'])),
    // Nor is a test refused for the load: the jest process hosts every service.
    ...ADMIT_AT_ANY_LOAD,
    ...options.env,
  });
  const startReplica = (eventsGroup?: string) =>
    startBff({
      config,
      identity,
      wallet,
      content,
      messaging,
      moderation,
      notifications,
      events: adapters.events,
      cache: adapters.cache,
      logger,
      host: '127.0.0.1',
      ...(options.offlineAfterMs !== undefined && { offlineAfterMs: options.offlineAfterMs }),
      ...(eventsGroup && { eventsGroup }),
    });
  const bff = await startReplica();
  const replicas: RunningBff[] = [];

  const browser = (language?: string) => new Browser(bff.url, language);

  const stack: TestStack = {
    url: bff.url,
    bff,
    dataDir,
    adapters,
    identity,
    mail,
    wallet,
    walletAs: (caller) => connect(walletDefinition(), walletService.address, caller),
    content,
    messaging,
    moderation,
    notifications,
    browser,
    async member(name) {
      const email = `${name}@example.it`.toLowerCase();
      const password = `password-${name}`;
      const form = registrationForm({ username: name, email, password });
      const registered = await browser().postForm('/api/auth/register', form);
      if (registered.status !== 201)
        throw new Error(`registering ${name}: ${registered.status} ${await registered.text()}`);
      const signedIn = browser();
      const login = await signedIn.postJson('/api/auth/login', { email, password });
      if (login.status !== 200) throw new Error(`signing in ${name}: ${login.status} ${await login.text()}`);
      const { user } = (await login.json()) as { user: { id: string } };
      return { browser: signedIn, id: user.id, email, password };
    },
    async admin() {
      const signedIn = browser();
      const login = await signedIn.postJson('/api/auth/login', ADMIN);
      if (login.status !== 200) throw new Error(`signing in the admin: ${login.status} ${await login.text()}`);
      const { user } = (await login.json()) as { user: { id: string } };
      return { browser: signedIn, id: user.id };
    },
    async replica() {
      const replica = await startReplica(`replica-${replicas.length + 1}`);
      replicas.push(replica);
      return replica.url;
    },
    async storedUserCount() {
      // Identity's collection, read directly: the one place a test looks behind the service.
      return (await adapters.documents.collection('users')).count({});
    },
    async mediaFileCount() {
      const entries = await readdir(join(dataDir, 'media'), { recursive: true, withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isFile()).length;
    },
    async stop() {
      for (const replica of replicas) await replica.stop();
      await bff.stop();
      await identityService.stop();
      await walletService.stop();
      await contentService.stop();
      await messagingService.stop();
      await moderationService.stop();
      await notificationsService.stop();
      for (const client of clients) client.close();
      await adapters.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}

/** The registration form as the web app sends it; `photo` replaces the verification photo (null leaves it out). */
export function registrationForm(
  fields: Record<string, string>,
  photo: { content: Buffer; name: string; type: string } | null = { content: JPEG, name: 'me.jpg', type: 'image/jpeg' },
): FormData {
  const form = new FormData();
  const values: Record<string, string> = {
    gender: 'male',
    orientation: 'etero',
    age: '30',
    city: 'Roma',
    region: 'Lazio',
    ...fields,
  };
  values.confirmPassword ??= values.password ?? '';
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  if (photo) form.append('verificationPhoto', new Blob([photo.content], { type: photo.type }), photo.name);
  return form;
}

/** A form holding one file. */
export function fileForm(field: string, content: Buffer, name = 'photo.jpg', type = 'image/jpeg'): FormData {
  const form = new FormData();
  form.append(field, new Blob([content], { type }), name);
  return form;
}
