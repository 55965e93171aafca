import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { z } from 'zod';
import { SqliteEventLog } from '../adapters/events/sqlite-event-log.js';
import { DomainError } from '../errors/domain-error.js';
import { defineEvent } from '../events/define-event.js';
import { createGrpcClient } from '../grpc/client.js';
import { createLocalClient } from '../grpc/local-client.js';
import { startGrpcServer } from '../grpc/server.js';
import { generateServiceTokenSecret } from '../grpc/service-token.js';
import { TEST_SERVICE_NAME, testServiceDefinition, type UsersDefinition } from '../grpc/testing/test-service.js';
import type { ServiceHandlers } from '../grpc/unary.js';
import { createLogger } from '../logging/logger.js';
import { followEvents, on } from '../outbox/follow-events.js';
import type { EventEnvelope } from '../ports/events.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../testing/otlp-receiver.js';
import { waitFor } from '../testing/wait.js';
import {
  currentTraceIds,
  eventConsumerSpan,
  startTracing,
  traced,
  traceContextFields,
  traceHttpRequest,
  withRequestTrace,
} from './tracing.js';

const logger = createLogger('tracing-test', 'silent');
const serviceTokenSecret = generateServiceTokenSecret();
const Seen = defineEvent({
  type: 'UserSeen',
  version: 1,
  topic: 'testing.users',
  schema: z.object({ id: z.string() }),
});

/** What the handler saw while it ran: the current trace, and the event it wrote. */
const inHandler: { ids: ReturnType<typeof currentTraceIds>; event: EventEnvelope }[] = [];
const handlers = {
  async GetUser(request: { userId: string }) {
    inHandler.push({ ids: currentTraceIds(), event: Seen.create(request.userId, { id: request.userId }, 'r') });
    if (request.userId === 'missing') throw new DomainError('NOT_FOUND', 'identity.userNotFound', { id: 'missing' });
    return { id: request.userId, username: 'mario' };
  },
} as unknown as ServiceHandlers<UsersDefinition>;

/** The test service on a loopback port, and a client calling it as the BFF; `stop` ends both. */
async function servedWithClient() {
  const server = await startGrpcServer({
    address: '127.0.0.1:0',
    service: { name: TEST_SERVICE_NAME, definition: testServiceDefinition(), handlers },
    logger,
    serviceTokenSecret,
  });
  const client = createGrpcClient(testServiceDefinition(), server.address, { caller: 'bff', serviceTokenSecret });
  const stop = async () => {
    client.close();
    await server.stop();
  };
  return { client, stop };
}

/** Runs `fn` in a sampled trace that starts here: the BFF handling an event that came without one. */
const inTrace = <T>(fn: () => Promise<T>) =>
  traced(eventConsumerSpan('bff-test', { id: 'tick-1', type: 'Tick', topic: 'testing.ticks' }), fn);

const only = (spans: ReceivedSpan[], match: Partial<ReceivedSpan>) => {
  const found = spans.filter((span) =>
    Object.entries(match).every(([key, value]) => span[key as keyof ReceivedSpan] === value),
  );
  expect(found).toHaveLength(1);
  return found[0] as ReceivedSpan;
};

describe('tracing', () => {
  let receiver: OtlpReceiver;
  beforeEach(async () => {
    receiver = await startOtlpReceiver();
    inHandler.length = 0;
  });
  afterEach(() => receiver.close());

  it('carries the trace from a gRPC client span, through the metadata, into the service’s server span', async () => {
    const tracing = startTracing({ endpoint: receiver.endpoint, sampleRatio: 1, logger });
    const { client, stop } = await servedWithClient();
    await inTrace(() => client.GetUser({ userId: 'u1' }));
    await expect(inTrace(() => client.GetUser({ userId: 'missing' }))).rejects.toBeInstanceOf(DomainError);
    await stop();
    await tracing.stop();

    const [callSpan, failedCallSpan] = receiver.spans.filter((span) => span.kind === 3);
    const entry = only(receiver.spans, { kind: 5, traceId: callSpan?.traceId });
    expect(callSpan).toMatchObject({
      service: 'tip-bff',
      name: `${TEST_SERVICE_NAME}/GetUser`,
      parentSpanId: entry.spanId,
    });
    const served = only(receiver.spans, { kind: 2, traceId: callSpan?.traceId });
    expect(served).toMatchObject({
      service: 'tip-testing',
      name: `${TEST_SERVICE_NAME}/GetUser`,
      parentSpanId: callSpan?.spanId,
      attributes: { 'rpc.system': 'grpc', 'rpc.service': TEST_SERVICE_NAME, 'rpc.method': 'GetUser' },
    });
    expect(inHandler[0]?.ids).toEqual({ traceId: served.traceId, spanId: served.spanId });
    const failed = only(receiver.spans, { kind: 2, traceId: failedCallSpan?.traceId });
    expect(failed.attributes['rpc.grpc.status_code']).toBe(grpc.status.NOT_FOUND);
  });

  it('makes a call in process a server span of the called service, child of the caller’s span', async () => {
    const tracing = startTracing({ endpoint: receiver.endpoint, sampleRatio: 1, logger });
    const client = createLocalClient(testServiceDefinition(), handlers, logger);
    await inTrace(() => client.GetUser({ userId: 'u2' }));
    await tracing.stop();

    const caller = only(receiver.spans, { kind: 5 });
    const served = only(receiver.spans, { kind: 2 });
    expect(served).toMatchObject({ service: 'tip-testing', traceId: caller.traceId, parentSpanId: caller.spanId });
    expect(inHandler[0]?.ids).toEqual({ traceId: served.traceId, spanId: served.spanId });
  });

  it('stores the writing span’s context in an event, and handles the event in a consumer span of that trace', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tip-tracing-'));
    const bus = await SqliteEventLog.open(dir, { retryDelayMs: 10 });
    const tracing = startTracing({ endpoint: receiver.endpoint, sampleRatio: 1, logger });
    const handled: ReturnType<typeof currentTraceIds>[] = [];
    const subscription = await followEvents({
      events: bus,
      group: 'moderation.projections',
      logger,
      reactions: [on(Seen, () => void handled.push(currentTraceIds()))],
    });
    await inTrace(() => createLocalClient(testServiceDefinition(), handlers, logger).GetUser({ userId: 'u3' }));
    const written = inHandler[0]?.event as EventEnvelope;
    await bus.publish(Seen.topic, [written]);
    await waitFor(() => handled.length === 1, 5000, 'the consumer');
    await subscription.stop();
    await bus.close();
    await rm(dir, { recursive: true, force: true });
    await tracing.stop();

    const writer = only(receiver.spans, { kind: 2 });
    expect(written.traceparent).toBe(`00-${writer.traceId}-${writer.spanId}-01`);
    const consumer = only(receiver.spans, { kind: 5, service: 'tip-moderation' });
    expect(consumer).toMatchObject({
      service: 'tip-moderation',
      name: 'process UserSeen',
      traceId: writer.traceId,
      parentSpanId: writer.spanId,
      attributes: {
        'messaging.destination.name': 'testing.users',
        'messaging.consumer.group.name': 'moderation.projections',
        'messaging.message.id': written.id,
      },
    });
    expect(handled).toEqual([{ traceId: consumer.traceId, spanId: consumer.spanId }]);
  });

  /** A server whose requests are traced, and whose handler reads the body, then takes up the request's trace. */
  async function tracedServer(inBody: { ids: ReturnType<typeof currentTraceIds>; traceparent?: string }[]) {
    const server = createServer((req, res) =>
      traceHttpRequest('bff', req, res, () => '/api/things/:id').run(() => {
        req.on('data', () => undefined);
        req.on('end', () =>
          withRequestTrace(req, () => {
            inBody.push({ ids: currentTraceIds(), traceparent: traceContextFields().traceparent });
            res.writeHead(201).end();
          }),
        );
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      post: (headers: Record<string, string>) =>
        fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/things/42`, {
          method: 'POST',
          headers,
          body: 'x'.repeat(100_000),
        }),
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  it('continues an HTTP caller’s traceparent in a request span named by its route, taken up after the body', async () => {
    const tracing = startTracing({ endpoint: receiver.endpoint, sampleRatio: 1, logger });
    const inBody: Parameters<typeof tracedServer>[0] = [];
    const server = await tracedServer(inBody);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentSpanId = '00f067aa0ba902b7';
    expect((await server.post({ traceparent: `00-${traceId}-${parentSpanId}-01` })).status).toBe(201);
    await server.close();
    await tracing.stop();

    const request = only(receiver.spans, { kind: 2 });
    expect(request).toMatchObject({
      service: 'tip-bff',
      name: 'POST /api/things/:id',
      traceId,
      parentSpanId,
      attributes: { 'http.route': '/api/things/:id', 'http.response.status_code': 201 },
    });
    expect(inBody).toEqual([
      { ids: { traceId, spanId: request.spanId }, traceparent: `00-${traceId}-${request.spanId}-01` },
    ]);
  });

  it('keeps a trace its caller sampled, and of those that start here the share asked', async () => {
    const tracing = startTracing({ endpoint: receiver.endpoint, sampleRatio: 0, logger });
    const inBody: Parameters<typeof tracedServer>[0] = [];
    const server = await tracedServer(inBody);
    const sampled = '4bf92f3577b34da6a3ce929d0e0e4736';
    expect((await server.post({ traceparent: `00-${sampled}-00f067aa0ba902b7-01` })).status).toBe(201);
    expect((await server.post({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00' })).status).toBe(
      201,
    );
    expect((await server.post({})).status).toBe(201);
    await server.close();
    await tracing.stop();

    expect(receiver.spans.map((span) => span.traceId)).toEqual([sampled]);
    expect(inBody.map(({ ids }) => ids?.traceId)).toEqual([sampled, undefined, undefined]);
    expect(inBody.map(({ traceparent }) => traceparent?.slice(0, 35))).toEqual([`00-${sampled}`, undefined, undefined]);
  });

  it('marks a call made outside a sampled trace unsampled, so that the service it calls records nothing', async () => {
    const tracing = startTracing({ endpoint: receiver.endpoint, sampleRatio: 1, logger });
    const { client, stop } = await servedWithClient();
    await client.GetUser({ userId: 'u5' });
    await stop();
    await tracing.stop();

    expect(inHandler[0]?.ids).toBeUndefined();
    expect(receiver.spans).toEqual([]);
  });

  it('without an endpoint records nothing and writes no trace context in events', async () => {
    const tracing = startTracing({ endpoint: undefined, sampleRatio: 1, logger });
    const { client, stop } = await servedWithClient();
    await inTrace(() => client.GetUser({ userId: 'u4' }));
    await stop();
    await tracing.stop();

    expect(inHandler[0]?.ids).toBeUndefined();
    expect(inHandler[0]?.event).not.toHaveProperty('traceparent');
  });
});
