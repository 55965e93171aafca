import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { SqliteDatabase } from './open-database.js';

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

// CommonJS, evaluated in the worker: it loads the same SQLite binding as the process.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const connections = new Map();
parentPort.on('message', ({ open, release, released }) => {
  if (open) {
    try {
      connections.set(open, new Database(open, { fileMustExist: true }));
    } catch {}
  }
  if (release) {
    try {
      connections.get(release)?.close();
    } catch {}
    connections.delete(release);
    Atomics.store(released, 0, 1);
    Atomics.notify(released, 0);
  }
});
setInterval(() => {
  for (const connection of connections.values()) {
    try {
      connection.pragma('wal_checkpoint(PASSIVE)');
    } catch {}
  }
}, workerData.everyMs);
`;

let worker: Worker | undefined;
let registered = 0;

/**
 * Has the worker checkpoint `db`'s file until the returned function is called (before closing `db`); that function
 * returns once the worker has closed its connection, so the file is the caller's alone again.
 */
export function checkpointInBackground(db: SqliteDatabase): () => void {
  db.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  const file = db.name;
  worker ??= startWorker();
  const running = worker;
  registered += 1;
  running.postMessage({ open: file });
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const released = new Int32Array(new SharedArrayBuffer(4));
    running.postMessage({ release: file, released });
    Atomics.wait(released, 0, 0, RELEASE_TIMEOUT_MS);
    registered -= 1;
    if (registered === 0 && worker === running) {
      worker = undefined;
      void running.terminate();
    }
  };
}

function startWorker(): Worker {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, everyMs: CHECKPOINT_EVERY_MS } });
  // The process's life is its own business: the worker never keeps it running, and its end never ends the process
  // (each connection still checkpoints past FALLBACK_PAGES).
  started.unref();
  started.on('error', () => {
    if (worker === started) worker = undefined;
  });
  return started;
}
