import { spawn, type ChildProcess } from 'node:child_process';
import { scaled } from './time-scale.js';

export { freePort } from '../lifecycle/free-port.js';

/** One of our entry points (a dist/main.js) running as its own process, as a container or `npm start` runs it. */
export interface NodeProcess {
  child: ChildProcess;
  /** The last 64 kB it printed on stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
  /**
   * Sends the signal (SIGTERM: a clean stop), SIGKILL after killAfterMs (scaled for this machine); resolves with the
   * exit code.
   */
  stop(signal?: NodeJS.Signals, killAfterMs?: number): Promise<number | null>;
}

export function spawnNode(
  entry: string,
  env: NodeJS.ProcessEnv,
  options: { cwd?: string; args?: readonly string[] } = {},
): NodeProcess {
  const child = spawn(process.execPath, [entry, ...(options.args ?? [])], {
    cwd: options.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // If the test runner dies mid-run, the process must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.removeListener('exit', killOnExit);
      resolve(code);
    }),
  );
  return {
    child,
    output: () => tail,
    exited,
    async stop(signal = 'SIGTERM', killAfterMs = 10_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), scaled(killAfterMs));
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

/**
 * How long one of our processes may take to serve, as the CI machine needs it: the whole platform took 34 s to
 * answer its health check on 2 cores at a load of 29 (two suites and others' builds beside), under a second idle.
 */
export const START_BUDGET_MS = 60_000;

/**
 * Polls `url` until it answers 2xx; fails with the process's output if it exits or the budget (scaled for this
 * machine) runs out.
 */
export async function waitUntilServing(url: string, running: NodeProcess, budgetMs = START_BUDGET_MS): Promise<void> {
  const timeoutMs = scaled(budgetMs);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = running.child.exitCode;
    if (code !== null) throw new Error(`the process exited with ${code} before ${url} answered:\n${running.output()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
