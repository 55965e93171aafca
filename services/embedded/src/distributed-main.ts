/**
 * `npm run start:distributed`: the distributed shape on one machine, as compose runs it but without Docker. The real
 * engines (deploy/engines: Kafka, FerretDB, Redis, S3) are started unless they already run, each service runs as a
 * process of its own and the BFF as two replicas (process-platform.ts), behind the compose gateway's nginx on PORT.
 * Ctrl-C stops the gateway, the processes and the engines it started (whose data goes with them).
 */
import { createLogger, keepDataDirPrivate, loadConfig, runMain, freePort } from '@tip/platform';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { testDataEnabled } from '@tip/bff';
import { startGateway } from './gateway.js';
import { embeddedConfigSchema } from './platform.js';
import { launchProcesses } from './process-platform.js';

const ENGINES = fileURLToPath(new URL('../../../deploy/engines/main.mjs', import.meta.url));
const BFF_REPLICAS = 2;

/** `node deploy/engines/main.mjs <command>`, its output on this terminal; answers its exit code. */
function engines(command: 'start' | 'stop'): Promise<number | null> {
  const child = spawn(process.execPath, [ENGINES, command], { stdio: 'inherit' });
  return new Promise((done) => child.once('exit', done));
}

/** The running engines' settings (its `env` lines: `export NAME='value'`), or undefined when none run. */
async function runningEngines(): Promise<Record<string, string> | undefined> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [ENGINES, 'env']);
    return Object.fromEntries([...stdout.matchAll(/^export (\w+)='(.*)'$/gm)].map(([, name, value]) => [name, value]));
  } catch {
    return undefined;
  }
}

runMain(async () => {
  // The same settings as `npm start`, checked before anything starts.
  const config = loadConfig(embeddedConfigSchema);
  testDataEnabled(config);
  const logger = createLogger('tip', config.LOG_LEVEL);
  const dataDir = resolve(config.DATA_DIR);
  await keepDataDirPrivate(dataDir, logger);

  let settings = await runningEngines();
  const ownEngines = settings === undefined;
  if (ownEngines) {
    if ((await engines('start')) !== 0) throw new Error('the engines did not start (their output is above)');
    settings = await runningEngines();
    if (!settings) throw new Error('the engines started but name no settings (node deploy/engines/main.mjs env)');
  } else {
    logger.info('using the engines already running (npm run engines:stop stops them)');
  }

  const bffPorts = await Promise.all(Array.from({ length: BFF_REPLICAS }, () => freePort()));
  let stopping: Promise<number> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      await gateway.stop();
      const code = await platform.stop();
      rmSync(gatewayDir, { recursive: true, force: true });
      if (ownEngines) await engines('stop');
      return code;
    })());
  const platform = await launchProcesses({
    config,
    dataDir,
    logger,
    engines: settings,
    bffPorts,
    onGiveUp: () => void stopAll().then(() => process.exit(1)),
  });
  const gatewayDir = mkdtempSync(join(tmpdir(), 'tip-gateway-'));
  const gateway = startGateway({ dir: gatewayDir, listen: String(config.PORT), upstreams: bffPorts });
  void gateway.exited.then((code) => {
    if (stopping) return;
    logger.error({ code, output: gateway.output() }, 'the gateway (nginx) stopped: stopping the platform');
    void stopAll().then(() => process.exit(1));
  });
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  logger.info(
    { url, dataDir, pids: platform.pids(), bffPorts },
    `Tip is starting, distributed: open ${url} (the gateway in front of ${BFF_REPLICAS} BFF replicas)`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      logger.info({ signal }, 'stopping the gateway, every process and the engines this start began');
      void stopAll().then((code) => process.exit(code));
    });
  }
});
