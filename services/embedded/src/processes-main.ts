/**
 * `npm run start:processes`: the platform on one machine with every core in use. Each service and the BFF run as a
 * process of their own (their distributed entry points) over one DATA_DIR: each service keeps its documents in
 * `DATA_DIR/<service>/`, and all of them share the event log (`DATA_DIR/events.sqlite`: SQLite in WAL mode lets
 * several processes write it) and the media. The services listen on loopback ports chosen at start and accept only
 * tokens signed with a secret made at each start and never written down.
 */
import { createLogger, freePort, generateServiceTokenSecret, loadConfig, runMain } from '@tip/platform';
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedConfigSchema } from './platform.js';
import { persistedSessionSecret } from './session-secret.js';

const SERVICES = ['identity', 'wallet', 'content', 'messaging', 'moderation', 'notifications'] as const;
/** How long a process may take to stop cleanly before it is killed. */
const STOP_GRACE_MS = 30_000;

const entry = (workspace: string) => fileURLToPath(new URL(`../../../${workspace}/dist/main.js`, import.meta.url));

interface Child {
  name: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

function start(name: string, workspace: string, env: NodeJS.ProcessEnv): Child {
  // Their logs go to this terminal, each line naming its service (pino's `name`).
  const child = spawn(process.execPath, [entry(workspace)], { env, stdio: 'inherit' });
  return { name, process: child, exited: new Promise((done) => child.once('exit', (code) => done(code))) };
}

async function stop(child: Child): Promise<number | null> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return child.process.exitCode;
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), STOP_GRACE_MS);
  const code = await child.exited;
  clearTimeout(timer);
  return code;
}

runMain(async () => {
  // The same settings as `npm start`, checked before anything starts.
  const config = loadConfig(embeddedConfigSchema);
  const logger = createLogger('tip', config.LOG_LEVEL);
  const dataDir = resolve(config.DATA_DIR);
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SERVICE_TOKEN_SECRET: generateServiceTokenSecret(),
    SESSION_SECRET: config.SESSION_SECRET ?? (await persistedSessionSecret(dataDir)),
  };
  const services: Child[] = [];
  const addresses: NodeJS.ProcessEnv = {};
  for (const service of SERVICES) {
    const port = await freePort();
    // A service reaches those started before it (content and messaging charge through the wallet).
    services.push(start(service, `services/${service}`, { ...shared, ...addresses, GRPC_PORT: String(port) }));
    addresses[`${service.toUpperCase()}_ADDR`] = `127.0.0.1:${port}`;
  }
  const bff = start('bff', 'bff', { ...shared, ...addresses });
  const children = [...services, bff];
  logger.info(
    { dataDir, pids: Object.fromEntries(children.map((child) => [child.name, child.process.pid])) },
    'Tip is starting, one process per service',
  );

  let stopping: Promise<number> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      // The BFF first, so that no request reaches a service that is stopping.
      const codes = [await stop(bff), ...(await Promise.all(services.map(stop)))];
      return codes.every((code) => code === 0) ? 0 : 1;
    })());
  for (const child of children) {
    void child.exited.then(async (code) => {
      if (stopping) return;
      logger.error({ process: child.name, code }, 'a process of the platform stopped: stopping the others');
      await stopAll();
      process.exit(1);
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      logger.info({ signal }, 'stopping every process: requests in flight finish, stores flush');
      void stopAll().then((code) => process.exit(code));
    });
  }
});
