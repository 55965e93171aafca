// Per-broker control for the fault tests (deploy/engine-faults.test.ts): one Kafka broker of the running engines is
// killed as a crash kills it, and started again as it was, without touching the other engines.
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { accepts, identify, isRunning, startDaemon } from './daemons.mjs';

/**
 * SIGKILLs the broker with `nodeId` (1 to the brokers started) of the engines recorded in `runDir`; answers how to
 * start it again with the same command line, data and ports, which resolves once it accepts connections again and
 * is recorded for `engines:stop`.
 * @param {string} runDir
 * @param {number} nodeId
 * @returns {Promise<{ restart(): Promise<void> }>}
 */
export async function killBroker(runDir, nodeId) {
  const stateFile = join(runDir, 'engines.json');
  const state = JSON.parse(await readFile(stateFile, 'utf8'));
  const kafka = state.engines.find((engine) => engine.name === 'kafka');
  // The brokers were started, recorded and listed in KAFKA_BROKERS in the order of their node ids.
  const recorded = kafka?.processes[nodeId - 1];
  if (!recorded || !isRunning(recorded)) throw new Error(`kafka broker ${nodeId} is not running in ${runDir}`);
  const [command, ...args] = readFileSync(`/proc/${recorded.pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
  const cwd = join(runDir, 'kafka', `broker-${nodeId}`);
  const port = Number(state.env.KAFKA_BROKERS.split(',')[nodeId - 1].split(':')[1]);
  process.kill(recorded.pid, 'SIGKILL');
  while (isRunning(recorded)) await new Promise((resolve) => setTimeout(resolve, 20));
  return {
    async restart() {
      const pid = startDaemon(command, args, { logFile: join(cwd, 'broker.log'), cwd });
      kafka.processes[nodeId - 1] = identify(pid);
      await writeFile(stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
      while (!(await accepts(port))) await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
}
