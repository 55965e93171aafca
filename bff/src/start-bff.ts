import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ConfigError,
  reportConsumerLag,
  traceHttpRequest,
  type Cache,
  type EventBus,
  type Logger,
  type ServiceClient,
} from '@tip/platform';
import type { ContentDefinition } from '@tip/content/contract';
import type { IdentityDefinition } from '@tip/identity/contract';
import type { MessagingDefinition } from '@tip/messaging/contract';
import type { ModerationDefinition } from '@tip/moderation/contract';
import type { NotificationsDefinition } from '@tip/notifications/contract';
import type { WalletDefinition } from '@tip/wallet/contract';
import { AdmissionControl } from './admission/admission-control.js';
import { createApp } from './app.js';
import type { BffConfig } from './config.js';
import type { BffContext } from './context.js';
import { GoogleOidc } from './google/google-oidc.js';
import { ACCEPTING_SOCKETS, listen, type StopExtraListeners } from './http/listen.js';
import { RateLimits } from './http/rate-limits.js';
import { expressRoute, measureRequest } from './http/request-metrics.js';
import { loadCatalogues } from './i18n/catalogues.js';
import { createTranslator, sayingTo } from './i18n/translator.js';
import type { Presence } from './realtime/presence.js';
import { createRealtime } from './realtime/socket-server.js';
import { currentUserHandler, isCurrentUserRequest } from './routes/current-user.js';
import { feedHandler, isFeedRequest } from './routes/feed.js';
import { followIdentityEvents } from './session/follow-identity-events.js';
import { followSessionEvents } from './session/follow-session-events.js';
import { SessionTokens } from './session/session-tokens.js';
import { NOBODY_ELSE, Sessions } from './session/sessions.js';
import { UserCache } from './session/user-cache.js';
import { Balances } from './wallet/balances.js';
import { followLedgerEvents } from './wallet/follow-ledger-events.js';
import { FeedPages } from './content/feed-pages.js';
import { followPostEvents } from './content/follow-post-events.js';
import { followMessageEvents } from './messaging/follow-message-events.js';
import { followModerationEvents } from './moderation/follow-moderation-events.js';
import { followNotificationEvents } from './notifications/follow-notification-events.js';

/** The header naming which of npm start's workers answered (its slot). */
export const WORKER_HEADER = 'x-tip-worker';

export interface BffDependencies {
  config: BffConfig;
  identity: ServiceClient<IdentityDefinition>;
  wallet: ServiceClient<WalletDefinition>;
  content: ServiceClient<ContentDefinition>;
  messaging: ServiceClient<MessagingDefinition>;
  moderation: ServiceClient<ModerationDefinition>;
  notifications: ServiceClient<NotificationsDefinition>;
  events: EventBus;
  cache: Cache;
  logger: Logger;
  /** Where to listen; all interfaces by default. */
  host?: string;
  /** The consumer groups' prefix for the services' events (one per BFF replica); per host by default. */
  eventsGroup?: string;
  /** How long a member stays online after their last socket closed (OFFLINE_AFTER_MS by default). */
  offlineAfterMs?: number;
  /**
   * This BFF is npm start's worker in this slot (node:cluster): its sockets reach the other workers' through the
   * primary, and its answers and socket handshakes name the slot (X-Tip-Worker), so that whoever reads them (an
   * operator, a test) can tell which worker served.
   */
  workerSlot?: number;
  /**
   * This BFF is the only process that serves its sessions (npm start's one process, on a cache of its own): every
   * ending happens here, so a session it confirmed needs no read of the cache's mark on each request.
   */
  servesSessionsAlone?: boolean;
}

export interface RunningBff {
  /** The address this server answers on, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Stops accepting, lets requests in flight finish (up to graceMs), closes the sockets. */
  stop(graceMs?: number): Promise<void>;
}

/** How long an idle keep-alive connection is kept open: longer than its clients keep one. */
const KEEP_ALIVE_MS = 65_000;

/** Serves the REST API, Socket.IO at /ws and the built web app on one HTTP server. */
export async function startBff(dependencies: BffDependencies): Promise<RunningBff> {
  const { config, identity, wallet, content, messaging, moderation, notifications, events, cache, logger } =
    dependencies;
  const secureCookies = config.PUBLIC_URL?.startsWith('https:') ?? false;
  const say = sayingTo(createTranslator(loadCatalogues()));
  const users = new UserCache(identity);
  const balances = new Balances(wallet);
  const feedPages = new FeedPages({
    likeCounts: async (postIds, viewerId) => (await content.Counts({ postIds, viewerId })).counts,
  });
  const sessions = new Sessions(new SessionTokens(config.SESSION_SECRET), cache, users, identity, secureCookies);
  if (dependencies.servesSessionsAlone) sessions.shareEndings(NOBODY_ELSE);
  const currentUser = currentUserHandler({ sessions, balances, say, logger });
  const feed = feedHandler({ sessions, content, pages: feedPages, say, logger });

  const { io, push, presence } = createRealtime({
    sessions,
    cache,
    logger,
    identity,
    ...(dependencies.offlineAfterMs !== undefined && { offlineAfterMs: dependencies.offlineAfterMs }),
    ...(dependencies.workerSlot !== undefined && { acrossWorkers: true }),
  });

  let publicUrl = config.PUBLIC_URL?.replace(/\/+$/, '');
  const google = googleSignIn(config);
  const context: BffContext = {
    config,
    identity,
    wallet,
    content,
    messaging,
    moderation,
    notifications,
    logger,
    say,
    sessions,
    users,
    balances,
    feedPages,
    limits: new RateLimits(cache, config),
    cache,
    push,
    presence,
    google,
    secureCookies,
    publicUrl: () => publicUrl ?? '',
  };
  const app = createApp(context, currentUser);
  const admission = new AdmissionControl(
    {
      maxEventLoopDelayMs: config.ADMISSION_MAX_EVENT_LOOP_DELAY_MS,
      maxInFlight: config.ADMISSION_MAX_IN_FLIGHT,
      maxInFlightPerMember: config.ADMISSION_MAX_IN_FLIGHT_PER_MEMBER,
    },
    say,
  );
  // Past capacity a request is refused at the door rather than queued (bff/src/admission). Then the two hottest
  // reads take their lanes ahead of Express; everything else goes through it. Each is measured and traced under its
  // route template.
  const serve = (
    req: IncomingMessage,
    res: ServerResponse,
    routeOf: (req: IncomingMessage) => string,
    handler: (req: IncomingMessage, res: ServerResponse) => void,
  ) => {
    measureRequest(req, res, routeOf);
    traceHttpRequest('bff', req, res, routeOf).run(() => handler(req, res));
  };
  const worker = dependencies.workerSlot === undefined ? undefined : String(dependencies.workerSlot);
  const server = createServer((req, res) => {
    if (worker) res.setHeader(WORKER_HEADER, worker);
    if (!admission.admit(req, res)) return;
    if (isCurrentUserRequest(req)) serve(req, res, () => '/api/auth/user', currentUser);
    else if (isFeedRequest(req)) serve(req, res, () => '/api/feed', feed);
    else serve(req, res, expressRoute, app);
  });
  // An idle connection is closed by the client (nginx's upstream pool keeps one 60 s, a browser less) before the
  // server closes it: a server closing one as the client reuses it answers that request with ECONNRESET.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  io.attach(server);
  if (worker) io.engine.on('initial_headers', (headers: Record<string, string>) => (headers[WORKER_HEADER] = worker));

  const group = dependencies.eventsGroup;
  const subscriptions = [
    await followIdentityEvents({ events, users, push, logger, ...(group && { group: `${group}-users` }) }),
    await followSessionEvents({ events, sessions, push, logger, ...(group && { group: `${group}-sessions` }) }),
    await followLedgerEvents({ events, balances, push, logger, ...(group && { group: `${group}-ledger` }) }),
    await followPostEvents({ events, push, pages: feedPages, logger, ...(group && { group: `${group}-posts` }) }),
    await followMessageEvents({ events, push, logger, ...(group && { group: `${group}-messages` }) }),
    await followModerationEvents({ events, push, logger, ...(group && { group: `${group}-moderation` }) }),
    await followNotificationEvents({ events, push, logger, ...(group && { group: `${group}-notifications` }) }),
  ];
  const stopReportingLag = reportConsumerLag(events);
  const stopConsuming = async () => {
    stopReportingLag();
    admission.stop();
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  };
  let stopListeners: StopExtraListeners;
  try {
    stopListeners = await listen(server, config.PORT, dependencies.host, worker ? 1 : ACCEPTING_SOCKETS);
  } catch (error) {
    await stopConsuming();
    await presence.stop();
    io.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${urlHost(dependencies.host)}:${port}`;
  publicUrl ??= `http://localhost:${port}`;
  logger.info({ url, publicUrl, google: google !== null }, 'BFF listening');

  let stopping: Promise<void> | undefined;
  return {
    url,
    stop: (graceMs = 10_000) => (stopping ??= shutdown(server, stopListeners, io, presence, graceMs, stopConsuming)),
  };
}

/** Google sign-in when both credentials are set; one without the other is a configuration mistake, not "off". */
function googleSignIn(config: BffConfig): GoogleOidc | null {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = config;
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    throw new ConfigError(['GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both or neither']);
  }
  return clientId && clientSecret ? new GoogleOidc({ clientId, clientSecret, issuer: config.GOOGLE_ISSUER }) : null;
}

function urlHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Stop accepting, close the sockets (their members go offline unless another replica holds one of theirs) and idle
 * connections, let requests in flight finish (cutting what is left after graceMs), then release Socket.IO's adapter
 * and stop consuming events.
 */
async function shutdown(
  server: Server,
  stopListeners: StopExtraListeners,
  io: ReturnType<typeof createRealtime>['io'],
  presence: Presence,
  graceMs: number,
  stopConsuming: () => Promise<void>,
): Promise<void> {
  const closed = Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), stopListeners()]);
  // Closing the transports (not disconnecting the sockets, which tells a client to stay away) makes every page
  // reconnect at once, through the gateway, to a replica still running.
  io.engine.close();
  const settled = presence.stop();
  // A keep-alive connection becomes idle when its last response is sent: close it then, not at its timeout.
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const force = setTimeout(() => server.closeAllConnections(), graceMs);
  await Promise.all([closed, settled]);
  clearInterval(sweep);
  clearTimeout(force);
  // The HTTP server is already closed; io.close() still releases the adapter (Redis subscriptions).
  await new Promise<void>((resolve) => io.close(() => resolve()));
  await stopConsuming();
}
