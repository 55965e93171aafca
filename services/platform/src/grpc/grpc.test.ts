import { describe, expect, it, afterAll, beforeAll } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { pino } from 'pino';
import { DomainError } from '../errors/domain-error.js';
import { createLogger, withRequestId } from '../logging/logger.js';
import { startGrpcServer, type RunningGrpcServer } from './server.js';
import { createGrpcClient } from './client.js';
import { generateServiceTokenSecret } from './service-token.js';
import type { ServiceClient, ServiceHandlers } from './unary.js';
import { TEST_SERVICE_NAME, testServiceDefinition, type UsersDefinition } from './testing/test-service.js';

const seenRequestIds: (string | undefined)[] = [];
const serviceTokenSecret = generateServiceTokenSecret();

const handlers = {
  async GetUser(request: { userId: string }, context: { requestId: string | undefined }) {
    seenRequestIds.push(context.requestId);
    if (request.userId === 'missing') throw new DomainError('NOT_FOUND', 'identity.userNotFound', { id: 'missing' });
    if (request.userId === 'crash') throw new Error('boom');
    if (request.userId === 'broke') throw new DomainError('PAYMENT_REQUIRED', 'wallet.insufficientCredits');
    return { id: request.userId, username: 'mario' };
  },
  /** Counts what it was streamed; refuses a chunk that says 'stop' before the stream ends. */
  async CountBytes(requests: AsyncIterable<{ data: Buffer }>) {
    let [chunks, bytes] = [0, 0];
    for await (const { data } of requests) {
      if (data.toString() === 'stop') throw new DomainError('PAYLOAD_TOO_LARGE', 'errors.payloadTooLarge');
      chunks += 1;
      bytes += data.length;
    }
    return { chunks, bytes };
  },
} as unknown as ServiceHandlers<UsersDefinition>;

/** Chunks of `size` bytes, yielded as a source would (one at a time, each awaited), then `last` if given. */
async function* chunks(count: number, size: number, last?: Buffer) {
  for (let n = 0; n < count; n += 1) yield { data: Buffer.alloc(size, n % 256) };
  if (last) yield { data: last };
}

describe('gRPC helpers', () => {
  let server: RunningGrpcServer;
  let client: ServiceClient<UsersDefinition>;

  beforeAll(async () => {
    server = await startGrpcServer({
      address: '127.0.0.1:0',
      service: { name: TEST_SERVICE_NAME, definition: testServiceDefinition(), handlers },
      logger: createLogger('test', 'silent'),
      serviceTokenSecret,
    });
    client = createGrpcClient(testServiceDefinition(), server.address, { caller: 'bff', serviceTokenSecret });
  });

  afterAll(async () => {
    client.close();
    await server.stop();
  });

  it('answers a typed call with defaults filled in', async () => {
    const user = await client.GetUser({ userId: 'u1' });
    expect(user.id).toBe('u1');
    expect(user.username).toBe('mario');
    expect(user.verificationStatus).toBe('unverified');
    expect(user.isAdmin).toBe(false);
  });

  it('carries the caller request id into the handler', async () => {
    await withRequestId('req-42', () => client.GetUser({ userId: 'u2' }));
    expect(seenRequestIds).toContain('req-42');
  });

  it('returns the DomainError the handler threw, with its key and params', async () => {
    const failure = await client.GetUser({ userId: 'missing' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'identity.userNotFound',
      params: { id: 'missing' },
    });
  });

  it('keeps apart two codes that share a gRPC status (402 and 409 are both FAILED_PRECONDITION)', async () => {
    const failure = await client.GetUser({ userId: 'broke' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'PAYMENT_REQUIRED', messageKey: 'wallet.insufficientCredits' });
  });

  it('hides unexpected failures behind INTERNAL', async () => {
    const failure = await client.GetUser({ userId: 'crash' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'INTERNAL', messageKey: 'errors.internal' });
  });

  it('answers an unimplemented method with a clear error rather than hanging', async () => {
    const failure = await client.Login({ email: 'a@b.it', password: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
  });

  it('streams a method’s requests to the service, which answers once, more than a message’s worth in all', async () => {
    // 40 chunks of 1 MiB: the whole would not have to fit in one message, nor in memory at once. The deadline is an
    // upload's, as the BFF gives one (the 5 s default ran out on a loaded CI machine: the call is about size).
    expect(await client.CountBytes(chunks(40, 1024 * 1024), { timeoutMs: 60_000 })).toEqual({
      chunks: 40,
      bytes: 40 * 1024 * 1024,
    });
    expect(await client.CountBytes(chunks(0, 0))).toEqual({ chunks: 0, bytes: 0 });
  });

  it('stops a streamed call at the service’s refusal, and at its source’s failure', async () => {
    const refused = await client.CountBytes(chunks(3, 10, Buffer.from('stop'))).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', messageKey: 'errors.payloadTooLarge' });
    async function* failing() {
      yield { data: Buffer.from('one') };
      throw new Error('the client went away');
    }
    await expect(client.CountBytes(failing())).rejects.toThrow('the client went away');
  });

  it('serves the standard gRPC health service', async () => {
    const healthClient = new grpc.Client(server.address, grpc.credentials.createInsecure());
    const status = await new Promise<number>((resolve, reject) =>
      healthClient.makeUnaryRequest(
        '/grpc.health.v1.Health/Check',
        (value: Buffer) => value,
        (value: Buffer) => value,
        Buffer.from([0x0a, TEST_SERVICE_NAME.length, ...Buffer.from(TEST_SERVICE_NAME)]),
        (error, reply) => (error ? reject(error) : resolve(reply?.[1] ?? -1)),
      ),
    );
    healthClient.close();
    expect(status).toBe(1); // SERVING
  });

  it('enforces the deadline', async () => {
    const slow = await startGrpcServer({
      address: '127.0.0.1:0',
      service: {
        name: TEST_SERVICE_NAME,
        definition: testServiceDefinition(),
        handlers: {
          GetUser: () => new Promise((resolve) => setTimeout(resolve, 500, {})),
        } as unknown as ServiceHandlers<UsersDefinition>,
      },
      logger: createLogger('test', 'silent'),
      serviceTokenSecret,
    });
    const slowClient = createGrpcClient(testServiceDefinition(), slow.address, { caller: 'bff', serviceTokenSecret });
    const failure = await slowClient.GetUser({ userId: 'x' }, { timeoutMs: 50 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'UNAVAILABLE' });
    slowClient.close();
    await slow.stop(100);
  });

  it('logs a handler that fails after its call was cancelled as a warning, not as an unexpected failure', async () => {
    const lines: { level: number; msg: string }[] = [];
    let failed: () => void = () => undefined;
    const failedAfterCancel = new Promise<void>((resolve) => (failed = resolve));
    const late = await startGrpcServer({
      address: '127.0.0.1:0',
      service: {
        name: TEST_SERVICE_NAME,
        definition: testServiceDefinition(),
        handlers: {
          // As at a stop: the store closes under a call whose caller has given up.
          GetUser: async (request: { userId: string }) => {
            if (request.userId === 'crash') throw new Error('boom');
            await new Promise((resolve) => setTimeout(resolve, 300));
            setImmediate(failed);
            throw new Error('Operation interrupted because client was closed');
          },
        } as unknown as ServiceHandlers<UsersDefinition>,
      },
      logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
      serviceTokenSecret,
    });
    const lateClient = createGrpcClient(testServiceDefinition(), late.address, { caller: 'bff', serviceTokenSecret });
    try {
      await lateClient.GetUser({ userId: 'x' }, { timeoutMs: 50 }).catch(() => undefined);
      await failedAfterCancel;
      await lateClient.GetUser({ userId: 'crash' }).catch(() => undefined);
      expect(lines.map(({ level, msg }) => [level, msg])).toEqual([
        [40, 'a gRPC handler failed after its call was cancelled'],
        [50, 'unexpected failure in a gRPC handler'],
      ]);
    } finally {
      lateClient.close();
      await late.stop(100);
    }
  });
});
