import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServerTime } from './server-time-probe.js';

/** The node arguments that load the probe into a platform the bench spawns (with 'ipc' among its stdio). */
export const SERVER_TIME_PROBE = ['--import', fileURLToPath(new URL('./server-time-probe.js', import.meta.url))];

/**
 * The server's own time of the bench's requests, as the probe in the platform's process reports them: each request
 * gets an x-request-id of its own (`header()`), and `of(id)` waits for the server's time of it (its report can come
 * just after the answer).
 */
export class ServerTimes {
  private readonly reported = new Map<string, number>();
  private readonly waiting = new Map<string, (ms: number) => void>();
  private issued = 0;

  constructor(platform: ChildProcess) {
    platform.on('message', (message) => {
      const { requestId, ms } = message as ServerTime;
      const waiter = this.waiting.get(requestId);
      if (waiter) {
        this.waiting.delete(requestId);
        waiter(ms);
      } else this.reported.set(requestId, ms);
    });
  }

  /** A new request id, to send as x-request-id. */
  nextId(): string {
    this.issued += 1;
    return `bench-${this.issued}`;
  }

  of(requestId: string): Promise<number> {
    const ms = this.reported.get(requestId);
    if (ms !== undefined) {
      this.reported.delete(requestId);
      return Promise.resolve(ms);
    }
    return new Promise((resolve) => this.waiting.set(requestId, resolve));
  }
}
