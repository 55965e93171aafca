// Per-process control for the fault tests (deploy/engine-faults.test.ts): one process of the running engines (a
// Kafka broker, PostgreSQL under FerretDB) is stopped as a crash or an outage stops it, and started again as it was,
// without touching the other engines.
import { readFileSync, readlinkSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { accepts, identify, isRunning, startDaemon } from './daemons.mjs';

/**
 * SIGKILLs the broker with `nodeId` (1 to the brokers started) of the engines recorded in `runDir`; answers how to
 * start it again with the same command line, data and ports, which resolves once it accepts connections again.
 * @param {string} runDir
 * @param {number} nodeId
 * @returns {Promise<{ restart(): Promise<void> }>}
 */
export async function killBroker(runDir, nodeId) {
  const state = await readState(runDir);
  // The brokers were started, recorded and listed in KAFKA_BROKERS in the order of their node ids.
  const port = Number(state.env.KAFKA_BROKERS.split(',')[nodeId - 1].split(':')[1]);
  return stopRecorded(runDir, state, {
    engine: 'kafka',
    index: nodeId - 1,
    signal: 'SIGKILL',
    log: 'broker.log',
    port,
  });
}

/**
 * Stops the PostgreSQL under FerretDB (its fast shutdown, SIGINT: the clients are cut off); answers how to start it
 * again on its data and port.
 * @param {string} runDir
 * @returns {Promise<{ restart(): Promise<void> }>}
 */
export async function stopPostgres(runDir) {
  const state = await readState(runDir);
  // FerretDB's engine started PostgreSQL first (deploy/engines/ferretdb.mjs).
  const recorded = state.engines.find((engine) => engine.name === 'ferretdb')?.processes[0];
  const port = Number(/port=(\d+)/.exec(commandLine(recorded?.pid ?? 0).join(' '))?.[1]);
  return stopRecorded(runDir, state, { engine: 'ferretdb', index: 0, signal: 'SIGINT', log: 'postgres.log', port });
}

async function readState(runDir) {
  return JSON.parse(await readFile(join(runDir, 'engines.json'), 'utf8'));
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
  } catch {
    return [];
  }
}

/** The real user and group ids of a process, which its restart runs as too (PostgreSQL refuses root). */
function owner(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const id = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  return { uid: id('Uid'), gid: id('Gid') };
}

async function stopRecorded(runDir, state, { engine, index, signal, log, port }) {
  const processes = state.engines.find((entry) => entry.name === engine)?.processes;
  const recorded = processes?.[index];
  if (!recorded || !isRunning(recorded)) throw new Error(`${engine}'s process ${index} is not running in ${runDir}`);
  const [command, ...args] = commandLine(recorded.pid);
  const cwd = readlinkSync(`/proc/${recorded.pid}/cwd`);
  const { uid, gid } = owner(recorded.pid);
  const asOwner = uid === process.getuid?.() ? {} : { uid, gid };
  process.kill(recorded.pid, signal);
  while (isRunning(recorded)) await new Promise((resolve) => setTimeout(resolve, 20));
  return {
    async restart() {
      const pid = startDaemon(command, args, { logFile: join(cwd, log), cwd, ...asOwner });
      // Recorded, so that engines:stop stops it.
      processes[index] = identify(pid);
      await writeFile(join(runDir, 'engines.json'), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
      while (!(await accepts(port))) await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
}
