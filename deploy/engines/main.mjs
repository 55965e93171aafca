// The real engines on this machine, without Docker (deploy/README.md, Real engines without Docker):
//   node deploy/engines/main.mjs prepare                     fetch or build what the cache lacks, start nothing
//   node deploy/engines/main.mjs start [--kafka-brokers N]   fetch or build what the cache lacks, start, print where
//   node deploy/engines/main.mjs stop                        stop them and remove their data
//   node deploy/engines/main.mjs env                         the variables that point the platform at them
//   node deploy/engines/main.mjs test                        the contract suites and the distributed test on them
//                                                            (starting them if need be)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { identify, isRunning, stopDaemon } from './daemons.mjs';
import { buildFerretdb, FERRETDB_VERSION, startFerretdb } from './ferretdb.mjs';
import { fetchKafka, KAFKA_VERSION, startKafka } from './kafka.mjs';
import { startRedis } from './redis.mjs';
import { prepareS3, startS3 } from './s3.mjs';

const cacheDir = process.env.TIP_ENGINES_CACHE ?? join(homedir(), '.cache', 'tip-engines');
const runDir = process.env.TIP_ENGINES_RUN ?? join(tmpdir(), 'tip-engines');
const stateFile = join(runDir, 'engines.json');
const root = fileURLToPath(new URL('../..', import.meta.url));

/** The suites that declare a port's contract (describeContract), here each on its real engine too: side by side. */
const CONTRACT_SUITES = [
  '\\.contract\\.test\\.ts$',
  'adapters/events/kafka-security\\.test\\.ts$',
  'adapters/events/kafka-topics\\.test\\.ts$',
  'adapters/cache/redis-cache\\.test\\.ts$',
  'adapters/adapters\\.test\\.ts$',
];
/**
 * The distributed shape's flows and faults on all of them, one after the other: their platforms share the services'
 * consumer groups on the same Kafka (each would handle the other's events), and the faults kill brokers.
 */
const PLATFORM_SUITES = ['deploy/distributed\\.test\\.ts$', 'deploy/engine-faults\\.test\\.ts$'];

const commands = { prepare, start, stop, env: printEnv, test };

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'kafka-brokers': { type: 'string', default: process.env.KAFKA_BROKER_COUNT ?? '1' },
  },
});
const command = commands[positionals[0] ?? ''];
if (!command) {
  process.stderr.write('usage: node deploy/engines/main.mjs prepare | start [--kafka-brokers N] | stop | env | test\n');
  process.exit(2);
}
process.exitCode = await command();

async function start() {
  const running = await readState();
  if (running && running.engines.every((engine) => engine.processes.every(isRunning))) {
    report(running, 'already running');
    return 0;
  }
  if (running) await stopEngines(running);
  const brokers = Number(values['kafka-brokers']);
  if (!Number.isInteger(brokers) || brokers < 1) throw new Error('--kafka-brokers must be a whole number from 1');

  await rm(runDir, { recursive: true, force: true });
  await mkdir(runDir, { recursive: true });
  const { libs, ferretdb, s3 } = await prepared();

  const state = { runDir, engines: [], env: {} };
  const started = async (name, startEngine) => {
    const engine = await timed(`${name} start`, startEngine);
    state.engines.push({ name, processes: engine.pids.map(identify), listens: engine.listens });
    Object.assign(state.env, engine.env);
    // Written after each, so that `stop` finds whatever a failed start left running.
    await writeState(state);
  };
  try {
    await Promise.all([
      started('kafka', () => startKafka({ libs, runDir, count: brokers })),
      started('ferretdb', () => startFerretdb({ binary: ferretdb, runDir })),
      started('redis', () => startRedis({ runDir })),
      started('s3', () => startS3({ prepared: s3, runDir })),
    ]);
  } catch (error) {
    await stopEngines(state);
    throw error;
  }
  report(state, 'started');
  return 0;
}

/**
 * What the engines run, fetched or built into the cache where it lacks them. Fetching is network-bound and building
 * CPU-bound: they overlap.
 */
async function prepared() {
  await mkdir(cacheDir, { recursive: true });
  const [libs, ferretdb, s3] = await Promise.all([
    timed(`kafka ${KAFKA_VERSION} jars`, () => fetchKafka(cacheDir)),
    timed(`ferretdb ${FERRETDB_VERSION}`, () => buildFerretdb(cacheDir)),
    timed('s3 server', () => prepareS3(cacheDir)),
  ]);
  return { libs, ferretdb, s3 };
}

/** Only the cache's part of `start`: CI runs it beside the install and the tests, so that starting later is quick. */
async function prepare() {
  await prepared();
  return 0;
}

async function stop() {
  const state = await readState();
  if (!state) {
    console.log(`no engines recorded in ${runDir}`);
    return 0;
  }
  await stopEngines(state);
  await rm(runDir, { recursive: true, force: true });
  console.log('engines stopped');
  return 0;
}

async function printEnv() {
  const state = await readState();
  if (!state) throw new Error(`no engines are running (${stateFile} is missing): npm run engines:start`);
  for (const [name, value] of Object.entries(state.env)) console.log(`export ${name}='${value}'`);
  return 0;
}

/** The contract suites and the distributed test on the running engines, started first (and stopped after) if none were. */
async function test() {
  const running = await readState();
  if (!running && (await start()) !== 0) return 1;
  const state = await readState();
  // CONTRACT_ENGINES=required: a suite that cannot reach its engine fails instead of skipping.
  // TIP_ENGINES_RUN: the fault tests kill and restart a broker recorded there (engine-control.mjs).
  const env = { ...process.env, ...state.env, CONTRACT_ENGINES: 'required', TIP_ENGINES_RUN: runDir };
  try {
    const contracts = await jest(['--testPathPatterns', ...CONTRACT_SUITES], env);
    const platforms = await jest(['--runInBand', '--testPathPatterns', ...PLATFORM_SUITES], env);
    return contracts || platforms;
  } finally {
    if (!running) await stop();
  }
}

/** Jest on the tree with `args`, in `env`; resolves with its exit code. */
function jest(args, env) {
  return new Promise((resolve, reject) => {
    const run = spawn(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--disable-warning=ExperimentalWarning',
        join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
        ...args,
      ],
      { cwd: root, stdio: 'inherit', env },
    );
    run.once('error', reject);
    run.once('exit', (code) => resolve(code ?? 1));
  });
}

/** All at once: their data goes with them, so no engine needs another to outlive it. */
async function stopEngines(state) {
  await Promise.all(state.engines.flatMap((engine) => engine.processes.map((recorded) => stopDaemon(recorded))));
}

async function readState() {
  if (!existsSync(stateFile)) return undefined;
  return JSON.parse(await readFile(stateFile, 'utf8'));
}

async function writeState(state) {
  await writeFile(stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

function report(state, how) {
  console.log(`engines ${how} (state in ${runDir}):`);
  for (const engine of state.engines) console.log(`  ${engine.name.padEnd(9)} ${engine.listens}`);
  console.log(`the platform's variables: eval "$(node deploy/engines/main.mjs env)"`);
}

async function timed(what, task) {
  const started = performance.now();
  const result = await task();
  console.log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}
