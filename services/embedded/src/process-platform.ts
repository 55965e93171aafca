/**
 * Each service and each BFF replica as a process of its own (their distributed entry points), supervised: what
 * `npm run start:processes` and `npm run start:distributed` run. The services listen on loopback ports chosen at
 * start and accept only tokens signed with a secret made at each start and never written down. A process that stops
 * on its own is started again (supervisor.ts).
 */
import { freePort, generateServiceTokenSecret, type Logger } from '@tip/platform';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { EmbeddedConfig } from './platform.js';
import { persistedSessionSecret } from './session-secret.js';
import { supervise, type Supervised } from './supervisor.js';
import { bffEnv, serviceEnv, SERVICES, type Addresses } from './topology.js';

const entry = (workspace: string) => fileURLToPath(new URL(`../../../${workspace}/dist/main.js`, import.meta.url));

export interface ProcessPlatformOptions {
  config: EmbeddedConfig;
  /** DATA_DIR, resolved. */
  dataDir: string;
  logger: Logger;
  /** The real engines' settings (`node deploy/engines/main.mjs env`); without them, the embedded engines. */
  engines?: Readonly<Record<string, string>>;
  /** Where each BFF replica listens. */
  bffPorts: readonly number[];
  /** Called once a process keeps crashing (the supervisor gave up on it). */
  onGiveUp: () => void;
}

export interface ProcessPlatform {
  /** Each process's id, by name (`bff`, or `bff-1`, `bff-2`... with replicas). */
  pids(): Record<string, number | undefined>;
  /** The BFF replicas first, so that no request reaches a service that is stopping; 0 if all stopped cleanly. */
  stop(): Promise<number>;
}

export async function launchProcesses(options: ProcessPlatformOptions): Promise<ProcessPlatform> {
  const { config, dataDir, logger, engines = {}, bffPorts, onGiveUp } = options;
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SERVICE_TOKEN_SECRET: generateServiceTokenSecret(),
    SESSION_SECRET: config.SESSION_SECRET ?? (await persistedSessionSecret(dataDir)),
  };
  // Where browsers reach the platform: the BFF on PORT, or the gateway in front of the replicas.
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const run = (name: string, workspace: string, env: NodeJS.ProcessEnv) =>
    supervise({ name, script: entry(workspace), env, logger, onGiveUp });
  const services: Supervised[] = [];
  const addresses: Addresses = {};
  for (const service of SERVICES) {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...shared, ...serviceEnv(service, addresses, engines), GRPC_PORT: String(port) };
    // Identity's mails link to where browsers reach the platform, as npm start's do.
    if (service === 'identity') env.PUBLIC_URL = publicUrl;
    services.push(run(service, `services/${service}`, env));
    addresses[service] = `127.0.0.1:${port}`;
  }
  const replicas = bffPorts.length > 1;
  const bffs = bffPorts.map((port, index) =>
    run(replicas ? `bff-${index + 1}` : 'bff', 'bff', {
      ...shared,
      ...bffEnv(addresses, engines),
      PORT: String(port),
      // Google's redirect and the same-site check name the platform's address, not the replica's own port.
      PUBLIC_URL: publicUrl,
      // Replicas on one host: each consumes every event in groups of its own (named after the host by default).
      ...(replicas && { BFF_REPLICA_NAME: `${hostname()}-${index + 1}` }),
    }),
  );
  return {
    pids: () => Object.fromEntries([...services, ...bffs].map((child) => [child.name, child.current().pid])),
    async stop() {
      const codes = [
        ...(await Promise.all(bffs.map((bff) => bff.stop()))),
        ...(await Promise.all(services.map((service) => service.stop()))),
      ];
      return codes.every((code) => code === 0) ? 0 : 1;
    },
  };
}
