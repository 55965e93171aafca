/**
 * `npm run start:processes`: the platform on one machine with every core in use. Each service and the BFF run as a
 * process of their own (their distributed entry points) over one DATA_DIR: each service keeps its documents in
 * `DATA_DIR/<service>/`, and all of them share the event log (`DATA_DIR/events.sqlite`: SQLite in WAL mode lets
 * several processes write it) and the media. The services listen on loopback ports chosen at start and accept only
 * tokens signed with a secret made at each start and never written down. A process that stops on its own is started
 * again (supervisor.ts).
 */
import {
  createLogger,
  freePort,
  generateServiceTokenSecret,
  keepDataDirPrivate,
  loadConfig,
  runMain,
} from '@tip/platform';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDataEnabled } from '@tip/bff';
import { embeddedConfigSchema } from './platform.js';
import { persistedSessionSecret } from './session-secret.js';
import { supervise, type Supervised } from './supervisor.js';

const SERVICES = ['identity', 'wallet', 'content', 'messaging', 'moderation', 'notifications'] as const;

const entry = (workspace: string) => fileURLToPath(new URL(`../../../${workspace}/dist/main.js`, import.meta.url));

runMain(async () => {
  // The same settings as `npm start`, checked before anything starts.
  const config = loadConfig(embeddedConfigSchema);
  testDataEnabled(config);
  const logger = createLogger('tip', config.LOG_LEVEL);
  const dataDir = resolve(config.DATA_DIR);
  // Before the processes start, which create what they write private (runMain).
  await keepDataDirPrivate(dataDir, logger);
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SERVICE_TOKEN_SECRET: generateServiceTokenSecret(),
    SESSION_SECRET: config.SESSION_SECRET ?? (await persistedSessionSecret(dataDir)),
  };
  let stopping: Promise<number> | undefined;
  // A process that keeps crashing takes the platform down with it, for whatever runs it (systemd, a terminal) to see.
  const giveUp = () => void stopAll().then(() => process.exit(1));
  const run = (name: string, workspace: string, env: NodeJS.ProcessEnv) =>
    supervise({ name, script: entry(workspace), env, logger, onGiveUp: giveUp });
  const services: Supervised[] = [];
  const addresses: NodeJS.ProcessEnv = {};
  for (const service of SERVICES) {
    const port = await freePort();
    // A service reaches those started before it (content and messaging charge through the wallet).
    const env: NodeJS.ProcessEnv = { ...shared, ...addresses, GRPC_PORT: String(port) };
    // Identity's mails link to where browsers reach the BFF, as npm start's do.
    if (service === 'identity') env.PUBLIC_URL = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    services.push(run(service, `services/${service}`, env));
    addresses[`${service.toUpperCase()}_ADDR`] = `127.0.0.1:${port}`;
  }
  const bff = run('bff', 'bff', { ...shared, ...addresses });
  logger.info(
    { dataDir, pids: Object.fromEntries([...services, bff].map((child) => [child.name, child.current().pid])) },
    'Tip is starting, one process per service',
  );

  const stopAll = () =>
    (stopping ??= (async () => {
      // The BFF first, so that no request reaches a service that is stopping.
      const codes = [await bff.stop(), ...(await Promise.all(services.map((service) => service.stop())))];
      return codes.every((code) => code === 0) ? 0 : 1;
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      logger.info({ signal }, 'stopping every process: requests in flight finish, stores flush');
      void stopAll().then((code) => process.exit(code));
    });
  }
});
