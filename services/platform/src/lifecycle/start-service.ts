import { createLocalClient } from '../grpc/local-client.js';
import { startGrpcServer, type GrpcService } from '../grpc/server.js';
import { reportConsumerLag } from '../metrics/registry.js';
import type { ServiceClient } from '../grpc/unary.js';
import type { Logger } from '../logging/logger.js';
import type { OutboxDocument } from '../outbox/outbox.js';
import { startOutboxRelay } from '../outbox/relay.js';
import type { Collection, DocumentStore } from '../ports/documents.js';
import type { EventBus, EventEnvelope, Subscription } from '../ports/events.js';
import type { ObjectStore } from '../ports/objects.js';
import { StopStack } from './stop-stack.js';

/** A collection whose documents carry their events (the outbox), and the repository that says when it stored some. */
export interface Outbox {
  collection: Collection<OutboxDocument>;
  topic: string;
  /** See OutboxRelayOptions.sweepOrder. */
  sweepOrder?: Record<string, 1 | -1>;
  onEventsStored(notify: EventsStored): void;
}

/** What a repository calls after a write stored events in a document's outbox: its id and those events. */
export type EventsStored = (documentId: string, events: readonly EventEnvelope[]) => void;

/** What a service is started with, in its own process or in a test: where to serve, and the engines. */
export interface ServiceRuntime {
  /** host:port to listen on; port 0 picks a free one. */
  address: string;
  /** gRPC calls must carry a token signed with it (SERVICE_TOKEN_SECRET); the in-process client needs none. */
  serviceTokenSecret: string;
  /** One more secret whose tokens are accepted, during a rotation (SERVICE_TOKEN_ACCEPTED_SECRET). */
  acceptedServiceTokenSecret?: string | undefined;
  documents: DocumentStore;
  events: EventBus;
  objects: ObjectStore;
  logger: Logger;
}

export interface RunningService<D = unknown> {
  /** The address actually bound. */
  address: string;
  /** A client calling this service in this process (the embedded shape), answering as its gRPC client would. */
  local: ServiceClient<D>;
  /**
   * Lets calls in flight finish, then stops the consumers and the relays. The adapters stay open: whoever opened
   * them closes them (and so flushes them).
   */
  stop(): Promise<void>;
}

/**
 * Starts a service's moving parts in the order they depend on each other: a relay for each outbox, then the
 * consumers (their handlers may store events), then the gRPC server with the health service, then the start-up
 * passes. They stop in reverse, passes and calls first; a start that fails half-way stops what it had started.
 */
export async function startService<D>(options: {
  address: string;
  service: GrpcService<D>;
  events: EventBus;
  logger: Logger;
  outboxes: Outbox[];
  consumers?: (() => Promise<Subscription>)[];
  /**
   * Passes run once the service serves (copying what an earlier version did not keep), stopped first when it stops.
   * A failure is logged as `could not <what>`: the next start tries again.
   */
  startupPasses?: { what: string; run: (signal: AbortSignal) => Promise<void> }[];
  /** Calls must carry a token signed with it (the health service excepted); the local client needs none. */
  serviceTokenSecret: string;
  acceptedServiceTokenSecret?: string | undefined;
}): Promise<RunningService<D>> {
  const { events: bus, logger } = options;
  const stops = new StopStack();
  const stopReportingLag = reportConsumerLag(bus);
  stops.defer(stopReportingLag);
  for (const outbox of options.outboxes) {
    const { collection, topic, sweepOrder } = outbox;
    const relay = startOutboxRelay({ collection, bus, topic, logger, ...(sweepOrder ? { sweepOrder } : {}) });
    outbox.onEventsStored((documentId, events) => relay.notify(documentId, events));
    stops.defer(() => relay.stop());
  }
  try {
    for (const consume of options.consumers ?? []) {
      const subscription = await consume();
      stops.defer(() => subscription.stop());
    }
    const server = await startGrpcServer({
      address: options.address,
      service: options.service,
      logger,
      serviceTokenSecret: options.serviceTokenSecret,
      acceptedServiceTokenSecret: options.acceptedServiceTokenSecret,
    });
    stops.defer(() => server.stop());
    for (const pass of options.startupPasses ?? []) {
      const stopping = new AbortController();
      const done = pass
        .run(stopping.signal)
        .catch((error: unknown) => logger.error({ err: error }, `could not ${pass.what}; the next start tries again`));
      stops.defer(async () => {
        stopping.abort();
        await done;
      });
    }
    const local = createLocalClient(options.service.definition, options.service.handlers, logger);
    return { address: server.address, local, stop: () => stops.stopAll() };
  } catch (error) {
    await stops
      .stopAll()
      .catch((stopError: unknown) => logger.error({ err: stopError }, 'could not stop after a failed start'));
    throw error;
  }
}
