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
import { currentTraceIds, grpcClientSpan, startTracing, traced, traceHttpRequest } from './tracing.js';

const logger = createLogger('tracing-test', 'silent');
const serviceTokenSecret = generateServiceTokenSecret();
const PATH = `/${TEST_SERVICE_NAME}/GetUser`;
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
    const tracing = startTracing({ endpoint: receiver.endpoint, logger });
    const server = await startGrpcServer({
      address: '127.0.0.1:0',
      service: { name: TEST_SERVICE_NAME, definition: testServiceDefinition(), handlers },
      logger,
      serviceTokenSecret,
    });
    const client = createGrpcClient(testServiceDefinition(), server.address, { caller: 'bff', serviceTokenSecret });
    await client.GetUser({ userId: 'u1' });
    await expect(client.GetUser({ userId: 'missing' })).rejects.toBeInstanceOf(DomainError);
    client.close();
    await server.stop();
    await tracing.stop();

    const [callSpan, failedCallSpan] = receiver.spans.filter((span) => span.kind === 3);
    expect(callSpan).toMatchObject({ service: 'tip-bff', name: `${TEST_SERVICE_NAME}/GetUser`, parentSpanId: '' });
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
    const tracing = startTracing({ endpoint: receiver.endpoint, logger });
    const client = createLocalClient(testServiceDefinition(), handlers, logger);
    await traced(grpcClientSpan('bff', PATH), () => client.GetUser({ userId: 'u2' }));
    await tracing.stop();

    const caller = only(receiver.spans, { kind: 3 });
    const served = only(receiver.spans, { kind: 2 });
    expect(served).toMatchObject({ service: 'tip-testing', traceId: caller.traceId, parentSpanId: caller.spanId });
    expect(inHandler[0]?.ids).toEqual({ traceId: served.traceId, spanId: served.spanId });
  });

  it('stores the writing span’s context in an event, and handles the event in a consumer span of that trace', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tip-tracing-'));
    const bus = await SqliteEventLog.open(dir, { retryDelayMs: 10 });
    const tracing = startTracing({ endpoint: receiver.endpoint, logger });
    const handled: ReturnType<typeof currentTraceIds>[] = [];
    const subscription = await followEvents({
      events: bus,
      group: 'moderation.projections',
      logger,
      reactions: [on(Seen, () => void handled.push(currentTraceIds()))],
    });
    await createLocalClient(testServiceDefinition(), handlers, logger).GetUser({ userId: 'u3' });
    const written = inHandler[0]?.event as EventEnvelope;
    await bus.publish(Seen.topic, [written]);
    await waitFor(() => handled.length === 1, 5000, 'the consumer');
    await subscription.stop();
    await bus.close();
    await rm(dir, { recursive: true, force: true });
    await tracing.stop();

    const writer = only(receiver.spans, { kind: 2 });
    expect(written.traceparent).toBe(`00-${writer.traceId}-${writer.spanId}-01`);
    const consumer = only(receiver.spans, { kind: 5 });
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

  it('continues an HTTP caller’s traceparent in a request span named by its route, body events included', async () => {
    const tracing = startTracing({ endpoint: receiver.endpoint, logger });
    const inBody: ReturnType<typeof currentTraceIds>[] = [];
    const server = createServer((req, res) =>
      traceHttpRequest('bff', req, res, () => '/api/things/:id').run(() => {
        req.on('data', () => undefined);
        req.on('end', () => {
          inBody.push(currentTraceIds());
          res.writeHead(201).end();
        });
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentSpanId = '00f067aa0ba902b7';
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/things/42`, {
      method: 'POST',
      headers: { traceparent: `00-${traceId}-${parentSpanId}-01` },
      body: 'x'.repeat(100_000),
    });
    expect(answer.status).toBe(201);
    await new Promise((resolve) => server.close(resolve));
    await tracing.stop();

    const request = only(receiver.spans, { kind: 2 });
    expect(request).toMatchObject({
      service: 'tip-bff',
      name: 'POST /api/things/:id',
      traceId,
      parentSpanId,
      attributes: { 'http.route': '/api/things/:id', 'http.response.status_code': 201 },
    });
    expect(inBody).toEqual([{ traceId, spanId: request.spanId }]);
  });

  it('without an endpoint records nothing and writes no trace context in events', async () => {
    const tracing = startTracing({ endpoint: undefined, logger });
    const server = await startGrpcServer({
      address: '127.0.0.1:0',
      service: { name: TEST_SERVICE_NAME, definition: testServiceDefinition(), handlers },
      logger,
      serviceTokenSecret,
    });
    const client = createGrpcClient(testServiceDefinition(), server.address, { caller: 'bff', serviceTokenSecret });
    await traced(grpcClientSpan('bff', PATH), () => client.GetUser({ userId: 'u4' }));
    client.close();
    await server.stop();
    await tracing.stop();

    expect(inHandler[0]?.ids).toBeUndefined();
    expect(inHandler[0]?.event).not.toHaveProperty('traceparent');
  });
});
