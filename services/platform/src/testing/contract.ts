import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from '@jest/globals';
import type { EngineSource, RunningEngine } from './engines.js';
import { scaled } from './time-scale.js';

export interface ContractTarget<A> {
  /** Shown in the suite's title, e.g. 'sqlite' or 'mongo'. */
  name: string;
  engine: EngineSource;
  /** Opens an adapter. `namespace` is fresh for every test; opening it again reaches the same data (a restart). */
  open(url: string, namespace: string): Promise<A>;
  /** Removes a test's data from an engine that outlives the suite (a database at MONGO_URL, say). */
  dispose?(url: string, namespace: string): Promise<void>;
}

export interface ContractContext<A> {
  /** Opens an adapter on this test's data; the harness closes whatever is still open after the test. */
  open(): Promise<A>;
  /** A name unique to this test, for topics, keys and channels on an engine shared between tests. */
  unique(base: string): string;
}

interface Closable {
  close(): Promise<void>;
}

/**
 * Declares one port's contract suite once per target. A target whose engine cannot be reached is declared with
 * describe.skip, so jest reports its tests as skipped, and a line says why; with CONTRACT_ENGINES=required it is
 * declared as one failing test instead. Call it with top-level await: finding out whether an engine is reachable is
 * asynchronous.
 */
export async function describeContract<A extends Closable>(
  port: string,
  targets: ContractTarget<A>[],
  body: (context: ContractContext<A>) => void,
): Promise<void> {
  let testNumber = 0;
  for (const target of targets) {
    const title = `${port} contract on ${target.name}`;
    const resolution = await target.engine();
    if ('skip' in resolution) {
      if (process.env.CONTRACT_ENGINES === 'required') {
        // Where the engines are meant to run (npm run test:distributed, CI), an unreachable one is a failure.
        const reason = resolution.skip;
        describe(title, () =>
          it('reaches its engine', () => {
            throw new Error(`${title}: ${reason} (CONTRACT_ENGINES=required)`);
          }),
        );
        continue;
      }
      // One plain line (console.warn would add a code frame to every skip).
      process.stderr.write(`${title}: SKIPPED, ${resolution.skip}\n`);
      describe.skip(title, () => body(unreachable));
      continue;
    }
    describe(title, () => {
      let engine: RunningEngine | undefined;
      let namespace = '';
      const opened: A[] = [];

      beforeAll(async () => {
        engine = await resolution.start();
      }, scaled(180_000));
      afterAll(async () => {
        await engine?.stop();
      });
      beforeEach(() => {
        testNumber += 1;
        namespace = `t${process.pid.toString(36)}${Date.now().toString(36)}${testNumber.toString(36)}`;
      });
      afterEach(async () => {
        // Adapters' close() is idempotent, so tests may close what they opened (to reopen it) and this is harmless.
        await Promise.all(opened.splice(0).map((adapter) => adapter.close()));
        if (engine && target.dispose) await target.dispose(engine.url, namespace);
      });

      body({
        open: async () => {
          if (!engine) throw new Error(`${title}: the engine did not start`);
          const adapter = await target.open(engine.url, namespace);
          opened.push(adapter);
          return adapter;
        },
        unique: (base) => `${namespace}-${base}`,
      });
    });
  }
}

const unreachable: ContractContext<never> = {
  open: () => Promise.reject(new Error('this target is skipped')),
  unique: (base) => base,
};
