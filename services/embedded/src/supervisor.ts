import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from '@tip/platform';

/** How a supervisor answers a process that stopped on its own. */
export interface RestartPolicy {
  /** The pause before the first restart; it doubles with each crash in a row, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** More crashes than this within `windowMs` and the supervisor gives up: a restart does not mend what is wrong. */
  maxCrashes: number;
  windowMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxCrashes: 5,
  windowMs: 10 * 60_000,
};

/**
 * Counts a supervised process's crashes under `policy`: each crash answers the pause before its restart, or null once
 * they come faster than the policy allows.
 */
export function crashCounter(policy: RestartPolicy): { crashed(): number | null } {
  let crashes: number[] = [];
  return {
    crashed() {
      const now = Date.now();
      crashes = [...crashes.filter((at) => now - at < policy.windowMs), now];
      if (crashes.length > policy.maxCrashes) return null;
      return Math.min(policy.firstDelayMs * 2 ** (crashes.length - 1), policy.maxDelayMs);
    },
  };
}

/** How long a process may take to stop cleanly before it is killed. */
const STOP_GRACE_MS = 30_000;

export interface Supervised {
  name: string;
  /** The process running now (a new one after each restart). */
  current(): ChildProcess;
  /** Stops the process for good (SIGTERM, then SIGKILL after the grace period); answers its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs `node script` with `env` and starts it again when it stops on its own, after a pause that grows with each
 * crash (on the same port, so the others' gRPC channels reconnect by themselves). `onGiveUp` is called once the
 * crashes come faster than the policy allows.
 */
export function supervise(options: {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
  logger: Logger;
  onGiveUp: (name: string) => void;
  policy?: RestartPolicy;
}): Supervised {
  const { name, script, env, logger, onGiveUp, policy = DEFAULT_RESTART_POLICY } = options;
  const crashes = crashCounter(policy);
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let child: ChildProcess;
  let exited: Promise<number | null>;

  const run = () => {
    // Their logs go to this terminal, each line naming its service (pino's `name`).
    child = spawn(process.execPath, [script], { env, stdio: 'inherit' });
    exited = new Promise((done) => child.once('exit', (code) => done(code)));
    void exited.then((code) => {
      if (stopping) return;
      const delayMs = crashes.crashed();
      if (delayMs === null) {
        logger.error({ process: name, code }, 'a process keeps stopping: giving up on it');
        onGiveUp(name);
        return;
      }
      logger.error({ process: name, code, delayMs }, 'a process of the platform stopped: starting it again');
      restartTimer = setTimeout(run, delayMs);
    });
  };
  run();

  return {
    name,
    current: () => child,
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
