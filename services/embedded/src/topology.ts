/**
 * Compose's wiring (docker-compose.yml) for the shapes that run each service as a process of its own on one machine
 * (npm run start:processes and start:distributed, the deploy suites' harness): the order the services start in, whom
 * each calls, and which engine settings each is given.
 */

/** In start order: each after those it calls. */
export const SERVICES = ['identity', 'wallet', 'content', 'messaging', 'moderation', 'notifications'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Whom each service calls (its `<NAME>_ADDR` settings). */
const CALLS: Record<ServiceName, readonly ServiceName[]> = {
  identity: [],
  // The wallet extends premium at identity.
  wallet: ['identity'],
  // Content and messaging charge through the wallet.
  content: ['wallet'],
  messaging: ['wallet'],
  // Moderation applies its decisions at identity and content.
  moderation: ['identity', 'content'],
  // Notifications asks messaging for a message's preview.
  notifications: ['messaging'],
};

/** The engine settings every process reads (compose's x-engine-env). */
const ENGINE_SETTINGS = ['MONGO_URL', 'KAFKA_BROKERS', 'REDIS_URL'] as const;
/** The object store's, given only to the services that keep media (compose's x-media-env). */
const MEDIA_SETTINGS = ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET'] as const;
const KEEPS_MEDIA: ReadonlySet<string> = new Set<ServiceName>(['identity', 'content']);

/** Where each service serves gRPC, `host:port`. */
export type Addresses = Partial<Record<ServiceName, string>>;

const addressSetting = (service: ServiceName) => `${service.toUpperCase()}_ADDR`;

/** Of `engines` (say, `node deploy/engines/main.mjs env`), the settings `process` is given. */
function engineSettingsFor(process: ServiceName | 'bff', engines: Readonly<Record<string, string>>) {
  const names = KEEPS_MEDIA.has(process) ? [...ENGINE_SETTINGS, ...MEDIA_SETTINGS] : ENGINE_SETTINGS;
  return Object.fromEntries(names.flatMap((name) => (engines[name] ? [[name, engines[name]]] : [])));
}

/** A service's settings beside what every process gets: the engines' and the addresses of those it calls. */
export function serviceEnv(
  service: ServiceName,
  addresses: Addresses,
  engines: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const env = engineSettingsFor(service, engines);
  for (const callee of CALLS[service]) {
    const address = addresses[callee];
    if (!address) throw new Error(`${service} calls ${callee}, which has no address yet`);
    env[addressSetting(callee)] = address;
  }
  return env;
}

/** The BFF's: the engines' (no object store: media reach it through the services) and every service's address. */
export function bffEnv(addresses: Addresses, engines: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env = engineSettingsFor('bff', engines);
  for (const service of SERVICES) {
    const address = addresses[service];
    if (!address) throw new Error(`the BFF calls ${service}, which has no address yet`);
    env[addressSetting(service)] = address;
  }
  return env;
}
