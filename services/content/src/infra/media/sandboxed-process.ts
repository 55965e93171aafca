import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** What an untrusted-input tool may use: wall-clock time, CPU seconds and address space. */
export interface ProcessLimits {
  timeoutMs: number;
  cpuSeconds: number;
  memoryBytes: number;
}

export interface ProcessResult {
  stdout: Buffer;
  stderr: string;
}

/** Output kept from a tool: ffprobe's JSON is a few KB, ffmpeg's errors a few lines. */
const MAX_OUTPUT_BYTES = 1024 * 1024;

export class SandboxedProcessError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * `nice` and util-linux's `prlimit`, where the OS has them: node's spawn sets no resource limits, so the child is
 * started through them (lower priority, CPU seconds and address space capped by the kernel). Elsewhere (macOS has no
 * prlimit) the timeout still holds.
 */
const wrappers = {
  nice: ['/usr/bin/nice', '/bin/nice'].find(executable),
  prlimit: ['/usr/bin/prlimit', '/bin/prlimit'].find(executable),
};

/** Whether the kernel enforces the CPU and memory limits here (prlimit found), for /api/health. */
export const resourceLimitsEnforced = wrappers.prlimit !== undefined;

function commandLine(binary: string, args: string[], limits: ProcessLimits): string[] {
  const limited = wrappers.prlimit
    ? [wrappers.prlimit, `--cpu=${limits.cpuSeconds}`, `--as=${limits.memoryBytes}`, '--core=0', '--', binary, ...args]
    : [binary, ...args];
  return wrappers.nice ? [wrappers.nice, '-n', '10', ...limited] : limited;
}

/**
 * Runs a tool on untrusted input in a child process: niced below the requests the process serves, with the limits
 * above, an empty environment, no stdin, a working directory of the caller's choosing, and killed (SIGKILL, the whole
 * child) when the time is up. Resolves with its output when it exits 0; otherwise rejects with its last words.
 */
export function runSandboxed(
  binary: string,
  args: string[],
  options: { cwd: string; limits: ProcessLimits },
): Promise<ProcessResult> {
  const [command, ...rest] = commandLine(binary, args, options.limits);
  return new Promise((resolve, reject) => {
    const child = spawn(command as string, rest, {
      cwd: options.cwd,
      env: {},
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.limits.timeoutMs,
      killSignal: 'SIGKILL',
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes <= MAX_OUTPUT_BYTES) stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-MAX_OUTPUT_BYTES);
    });
    child.on('error', (error) => reject(new SandboxedProcessError(error.message, stderr, false)));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve({ stdout: Buffer.concat(stdout), stderr });
      const timedOut = signal === 'SIGKILL';
      const why = timedOut ? `killed after ${options.limits.timeoutMs} ms` : `exited with ${code ?? signal}`;
      reject(new SandboxedProcessError(`${binary} ${why}`, stderr.trim().split('\n').slice(-5).join('\n'), timedOut));
    });
  });
}
