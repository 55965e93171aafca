import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../errors/domain-error.js';
import { createLogger, withRequestId } from '../logging/logger.js';
import { createLocalClient } from './local-client.js';
import { testServiceDefinition, type UsersDefinition } from './testing/test-service.js';
import type { ServiceHandlers } from './unary.js';

const seen: { userId: unknown; viewerId: unknown; requestId: string | undefined }[] = [];
const handlers = {
  async GetUser(request: { userId: string; viewerId: string }, context: { requestId: string | undefined }) {
    seen.push({ userId: request.userId, viewerId: request.viewerId, requestId: context.requestId });
    if (request.userId === 'missing') throw new DomainError('NOT_FOUND', 'identity.userNotFound', { id: 'missing' });
    if (request.userId === 'crash') throw new Error('boom');
    return { id: request.userId, username: 'mario' };
  },
  async CountBytes(requests: AsyncIterable<{ data: Buffer }>) {
    let [chunks, bytes] = [0, 0];
    for await (const { data } of requests) [chunks, bytes] = [chunks + 1, bytes + data.length];
    return { chunks, bytes };
  },
} as unknown as ServiceHandlers<UsersDefinition>;

const client = createLocalClient(testServiceDefinition(), handlers, createLogger('local-client-test', 'silent'));

describe('the in-process client', () => {
  it('answers as the gRPC client does: proto3 defaults on both sides', async () => {
    const user = await client.GetUser({ userId: 'u1' });
    expect(seen.at(-1)).toMatchObject({ userId: 'u1', viewerId: '' });
    expect(user).toMatchObject({
      id: 'u1',
      username: 'mario',
      verificationStatus: 'unverified',
      isAdmin: false,
      email: '',
    });
  });

  it('carries the request id, and a domain failure as it was thrown', async () => {
    await withRequestId('req-9', () => client.GetUser({ userId: 'u2' }));
    expect(seen.at(-1)?.requestId).toBe('req-9');
    await expect(client.GetUser({ userId: 'missing' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'identity.userNotFound',
      params: { id: 'missing' },
    });
  });

  it('hands a streamed method its requests one by one, each decoded as over the network', async () => {
    async function* parts() {
      yield { data: Buffer.from('abc') };
      yield {};
      yield { data: Buffer.from('de') };
    }
    expect(await client.CountBytes(parts())).toEqual({ chunks: 3, bytes: 5 });
  });

  it('hides an unforeseen failure behind INTERNAL', async () => {
    await expect(client.GetUser({ userId: 'crash' })).rejects.toMatchObject({
      code: 'INTERNAL',
      messageKey: 'errors.internal',
    });
  });
});
