import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { DomainError } from '../errors/domain-error.js';
import { fromGrpcError, fromRefusal, toGrpcError, toRefusal } from './error-metadata.js';

/** A bare gRPC server (no Tip handler) failing each call with the status its method name gives, and no metadata. */
let server: grpc.Server;
let client: grpc.Client;
const bytes = { serialize: (value: Buffer) => value, deserialize: (value: Buffer) => value };

beforeAll(async () => {
  server = new grpc.Server();
  const failWith = (code: grpc.status) => (_call: unknown, callback: grpc.sendUnaryData<Buffer>) =>
    callback({ code, details: 'undescribed' });
  const method = (name: string) => ({
    path: `/bare.Bare/${name}`,
    requestStream: false,
    responseStream: false,
    requestSerialize: bytes.serialize,
    requestDeserialize: bytes.deserialize,
    responseSerialize: bytes.serialize,
    responseDeserialize: bytes.deserialize,
  });
  server.addService(
    { Internal: method('Internal'), Unknown: method('Unknown'), NotFound: method('NotFound') },
    {
      Internal: failWith(grpc.status.INTERNAL),
      Unknown: failWith(grpc.status.UNKNOWN),
      NotFound: failWith(grpc.status.NOT_FOUND),
    },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
});

afterAll(() => {
  client.close();
  server.forceShutdown();
});

function failureOf(name: string): Promise<grpc.ServiceError> {
  return new Promise((resolve) =>
    client.makeUnaryRequest(`/bare.Bare/${name}`, bytes.serialize, bytes.deserialize, Buffer.alloc(0), (error) =>
      resolve(error as grpc.ServiceError),
    ),
  );
}

describe('a gRPC failure as the caller gets it', () => {
  it('is unavailable (a 503 to try again) when no Tip handler described it: the call broke on the way', async () => {
    for (const name of ['Internal', 'Unknown']) {
      const failure = fromGrpcError(await failureOf(name));
      expect(failure).toMatchObject({ code: 'UNAVAILABLE', messageKey: 'errors.unavailable' });
      expect(failure.cause).toMatchObject({ details: 'undescribed' });
    }
    // Other statuses keep their meaning.
    expect(fromGrpcError(await failureOf('NotFound'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("is what the service's handler threw, a crash included (a 500)", () => {
    const asCaller = (error: unknown) => fromGrpcError(toGrpcError(error) as grpc.ServiceError);
    expect(asCaller(new Error('a bug'))).toMatchObject({ code: 'INTERNAL', messageKey: 'errors.internal' });
    expect(asCaller(new DomainError('NOT_FOUND', 'content.postNotFound', { id: 'p1' }))).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'content.postNotFound',
      params: { id: 'p1' },
    });
  });
});

describe('a refusal in a reply (one of a batch)', () => {
  it('is the DomainError the handler threw, as the caller rebuilds it; anything unforeseen is INTERNAL', () => {
    const refused = new DomainError('PAYMENT_REQUIRED', 'wallet.insufficientCredits', { balance: 1, required: 2 });
    expect(toRefusal(refused)).toEqual({
      code: 'PAYMENT_REQUIRED',
      messageKey: 'wallet.insufficientCredits',
      params: '{"balance":1,"required":2}',
    });
    const rebuilt = fromRefusal(toRefusal(refused));
    expect(rebuilt).toBeInstanceOf(DomainError);
    expect(rebuilt).toMatchObject({ code: refused.code, messageKey: refused.messageKey, params: refused.params });
    expect(fromRefusal(toRefusal(new Error('a bug')))).toMatchObject({
      code: 'INTERNAL',
      messageKey: 'errors.internal',
    });
  });

  it('keeps its message without parameters it cannot read, and a code this side does not know is INTERNAL', () => {
    expect(fromRefusal({ code: 'NOT_FOUND', messageKey: 'content.postNotFound', params: '{' })).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'content.postNotFound',
      params: {},
    });
    expect(fromRefusal({ code: 'TEAPOT', messageKey: 'errors.teapot', params: '' })).toMatchObject({
      code: 'INTERNAL',
      messageKey: 'errors.teapot',
    });
  });
});
