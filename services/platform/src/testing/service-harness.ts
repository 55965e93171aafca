import type * as grpc from '@grpc/grpc-js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDocumentStore } from '../adapters/documents/sqlite-store.js';
import { SqliteEventLog } from '../adapters/events/sqlite-event-log.js';
import { FileObjectStore } from '../adapters/objects/file-object-store.js';
import { createGrpcClient } from '../grpc/client.js';
import { BFF_CALLER, generateServiceTokenSecret } from '../grpc/service-token.js';
import type { ServiceClient } from '../grpc/unary.js';
import type { ServiceRuntime } from '../lifecycle/start-service.js';
import { createLogger } from '../logging/logger.js';
import type { DeliveredEvent } from '../ports/events.js';
import { scaled } from './time-scale.js';

/** The embedded engines a service under test runs on, in a scratch directory of its own. */
export interface HarnessEngines {
  dir: string;
  documents: SqliteDocumentStore;
  events: SqliteEventLog;
  objects: FileObjectStore;
}

/**
 * A service as the BFF sees it, for tests: the real service on 127.0.0.1:0 over the embedded engines, a gRPC client
 * holding a service token as the BFF does, and what the service published on the topics watched.
 */
export interface ServiceHarness<D, S> extends HarnessEngines {
  client: ServiceClient<D>;
  /** A client whose token names another caller (a service calling this one); one per caller until a restart. */
  clientAs(caller: string): ServiceClient<D>;
  service: S;
  published: DeliveredEvent[];
  /** Stops the service and closes the engines, then opens them again on the same data and starts anew. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the service; a harness built on it adds its helpers to the object answered (`restart` changes its fields). */
export async function startServiceHarness<D, S extends { address: string; stop(): Promise<void> }>(options: {
  name: string;
  definition: D & grpc.ServiceDefinition;
  /** Topics whose events go to `published`. */
  watch?: string[];
  /** Writes into the scratch directory before the engines open on it (a copy of another log, say). */
  seed?(dir: string): Promise<void>;
  start(runtime: ServiceRuntime): Promise<S>;
}): Promise<ServiceHarness<D, S>> {
  const dir = await mkdtemp(join(tmpdir(), `tip-${options.name}-`));
  await options.seed?.(dir);
  const serviceTokenSecret = generateServiceTokenSecret();
  const logger = createLogger(`${options.name}-test`, process.env.TEST_LOG_LEVEL ?? 'silent');
  const harness = { dir, published: [] as DeliveredEvent[] } as ServiceHarness<D, S>;
  const callerClients = new Map<string, ServiceClient<D>>();
  const connect = (caller: string) =>
    createGrpcClient(options.definition, harness.service.address, {
      caller,
      serviceTokenSecret,
      timeoutMs: scaled(20_000),
    });

  async function open() {
    harness.documents = await SqliteDocumentStore.open(dir);
    harness.events = await SqliteEventLog.open(dir, { retryDelayMs: 10 });
    harness.objects = await FileObjectStore.open(dir);
    harness.published.splice(0);
    if (options.watch) {
      await harness.events.subscribe({
        group: 'test-observer',
        topics: options.watch,
        handle: async (event) => void harness.published.push(event),
      });
    }
    const { documents, events, objects } = harness;
    const address = '127.0.0.1:0';
    harness.service = await options.start({ address, serviceTokenSecret, documents, events, objects, logger });
    harness.client = connect(BFF_CALLER);
  }

  harness.clientAs = (caller) => {
    const client = callerClients.get(caller) ?? connect(caller);
    callerClients.set(caller, client);
    return client;
  };

  async function close() {
    harness.client.close();
    for (const client of callerClients.values()) client.close();
    callerClients.clear();
    await harness.service.stop();
    await harness.events.close();
    await harness.documents.close();
    await harness.objects.close();
  }

  harness.restart = async () => {
    await close();
    await open();
  };
  harness.stop = async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  };
  await open();
  return harness;
}
