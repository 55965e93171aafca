// The connection's type straight from better-sqlite3, not open-database.ts's name for it: that module imports this one.
import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite copies the WAL into the database file (a checkpoint) inside the commit that takes the WAL past 1,000 pages:
 * the copy and its fsync stall the event loop 5-10 ms on a small database (measured; more on a big one), which is
 * what a service's p99 then shows. So one worker thread per process checkpoints every long-lived database of the
 * process with a connection of its own, PASSIVE (it never waits for, nor holds back, a reader or a writer), every
 * CHECKPOINT_EVERY_MS; the event loop's own connection checkpoints only should the WAL pass FALLBACK_PAGES, if the
 * worker ever falls behind.
 */
const FALLBACK_PAGES = 16_384;
const CHECKPOINT_EVERY_MS = 100;
/** How long closing a database waits for the worker to let go of its file. */
const RELEASE_TIMEOUT_MS = 5_000;

// CommonJS, evaluated in the worker: it loads the same SQLite binding as the process. A file opened twice in the
// process (two stores on one directory) shares one connection until both let go.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const connections = new Map();
parentPort.on('message', ({ open, release, released }) => {
  if (open) {
    const kept = connections.get(open);
    if (kept) kept.users += 1;
    else {
      try {
        connections.set(open, { connection: new Database(open, { fileMustExist: true }), users: 1 });
      } catch {}
    }
  }
  if (release) {
    const kept = connections.get(release);
    if (kept && --kept.users === 0) {
      connections.delete(release);
      try {
        kept.connection.close();
      } catch {}
    }
    Atomics.store(released, 0, 1);
    Atomics.notify(released, 0);
  }
});
setInterval(() => {
  for (const { connection } of connections.values()) {
    try {
      connection.pragma('wal_checkpoint(PASSIVE)');
    } catch {}
  }
}, workerData.everyMs);
`;

/** The worker thread and the databases registered with it. */
class CheckpointWorker {
  private readonly thread: Worker;
  private running = true;
  private registered = 0;

  constructor() {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.thread = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, everyMs: CHECKPOINT_EVERY_MS } });
    // The process's life is its own business: the worker never keeps it running, and its end never ends the
    // process (each connection still checkpoints past FALLBACK_PAGES).
    this.thread.unref();
    const ended = () => void (this.running = false);
    this.thread.on('error', ended);
    this.thread.on('exit', ended);
  }

  get alive(): boolean {
    return this.running;
  }

  open(file: string): void {
    this.registered += 1;
    this.thread.postMessage({ open: file });
  }

  /** Waits for the worker to close its connection to `file`; answers whether the worker has nothing left to do. */
  release(file: string): boolean {
    if (this.running) {
      const released = new Int32Array(new SharedArrayBuffer(4));
      this.thread.postMessage({ release: file, released });
      Atomics.wait(released, 0, 0, RELEASE_TIMEOUT_MS);
    }
    this.registered -= 1;
    return this.registered === 0;
  }

  stop(): void {
    this.running = false;
    void this.thread.terminate();
  }
}

let current: CheckpointWorker | undefined;

/**
 * Has the worker checkpoint `db`'s file until the returned function is called (before closing `db`); that function
 * returns once the worker has closed its connection, so the file is the caller's alone again.
 */
export function checkpointInBackground(db: Database.Database): () => void {
  db.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  if (!current?.alive) current = new CheckpointWorker();
  const worker = current;
  worker.open(db.name);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (worker.release(db.name) && current === worker) {
      current = undefined;
      worker.stop();
    }
  };
}
