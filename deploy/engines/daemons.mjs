// Processes that outlive the script that starts them: `npm run engines:start` returns while the engines serve, and
// `npm run engines:stop` (another process) stops them by the ids written down in the run directory.
import { execFile, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { promisify } from 'node:util';

export const run = promisify(execFile);

/**
 * Starts a command detached from this process, its output appended to `logFile`, and returns its pid.
 * @param {string} command
 * @param {string[]} args
 * @param {{ logFile: string, cwd?: string, env?: NodeJS.ProcessEnv, uid?: number, gid?: number }} options
 */
export function startDaemon(command, args, { logFile, cwd, env, uid, gid }) {
  const log = openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd,
    env: env ?? process.env,
    detached: true,
    stdio: ['ignore', log, log],
    ...(uid === undefined ? {} : { uid, gid }),
  });
  child.unref();
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const pid = child.pid;
  // Until this script exits, a child that died stays a zombie that signal 0 still reaches.
  child.once('exit', () => exited.add(pid));
  return pid;
}

const exited = new Set();

/** @param {number} pid */
export function isAlive(pid) {
  if (exited.has(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `ready()` holds, failing early (with the log's tail) if the process died first.
 * @param {{ name: string, pid: number, logFile: string, timeoutMs: number, ready: () => boolean | Promise<boolean> }} what
 */
export async function waitUntilReady({ name, pid, logFile, timeoutMs, ready }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ready()) return;
    if (!isAlive(pid)) throw new Error(`${name} exited while starting; the end of ${logFile}:\n${tail(logFile)}`);
    if (Date.now() > deadline) {
      throw new Error(`${name} was not ready within ${timeoutMs / 1000} s; the end of ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(200);
  }
}

/** @param {string} file @param {RegExp} pattern */
export const logMatches = (file, pattern) => () => pattern.test(readText(file));

/** Whether something accepts TCP connections on 127.0.0.1:port. @param {number} port */
export function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A port nobody listens on now, on any interface, taken below Linux's ephemeral range (32768-60999), from which the
 * kernel takes every outgoing connection's local port: one found free there can be an outgoing connection's by the
 * time the engine binds it. The same rule as services/platform/src/lifecycle/free-port.ts, which this script (run
 * before any build) cannot import.
 * @returns {Promise<number>}
 */
export async function freePort() {
  const [first, last, attempts] = [20_000, 32_767, 100];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const port = first + Math.floor(Math.random() * (last - first + 1));
    const free = await new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port between ${first} and ${last} after ${attempts} tries`);
}

/**
 * Runs `start`, which starts processes and pushes their ids onto `started`; if it fails, stops those before
 * rethrowing, so that an engine that did not come up leaves nothing running.
 * @template T
 * @param {(started: number[]) => Promise<T>} start
 * @returns {Promise<T>}
 */
export async function stoppingOnFailure(start) {
  const started = [];
  try {
    return await start(started);
  } catch (error) {
    await Promise.all(started.map((pid) => stopDaemon(identify(pid))));
    throw error;
  }
}

/**
 * A process as the run directory records it: its id and when it started, so that a later `stop` never signals
 * another process that got the same id after the machine restarted or the engine died.
 * @param {number} pid
 * @returns {{ pid: number, started: string }}
 */
export function identify(pid) {
  return { pid, started: startTimeOf(pid) ?? 'unknown' };
}

/** Whether the process recorded is still the one running under its id. @param {{ pid: number, started: string }} recorded */
export function isRunning(recorded) {
  return isAlive(recorded.pid) && startTimeOf(recorded.pid) === recorded.started;
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function startTimeOf(pid) {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: the fields after it start at its last ')'.
  return stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] : undefined;
}

/**
 * SIGTERM, then SIGKILL after `graceMs` if it is still there; nothing if the id now names another process.
 * @param {{ pid: number, started: string }} recorded
 */
export async function stopDaemon(recorded, graceMs = 10_000) {
  if (!isRunning(recorded)) return;
  const { pid } = recorded;
  if (!signal(pid, 'SIGTERM')) return;
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (signal(pid, 'SIGKILL')) while (isAlive(pid)) await sleep(50);
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function tail(file) {
  return readText(file).split('\n').slice(-30).join('\n');
}
