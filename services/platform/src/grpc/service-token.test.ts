import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { createDecoder, createSigner } from 'fast-jwt';
import { DomainError } from '../errors/domain-error.js';
import { createLogger } from '../logging/logger.js';
import { createGrpcClient } from './client.js';
import { fromGrpcError } from './error-metadata.js';
import { startGrpcServer, type RunningGrpcServer } from './server.js';
import {
  generateServiceTokenSecret,
  BFF_CALLER,
  serviceTokenConfigShape,
  serviceTokenSigner,
  serviceTokenVerifier,
  ServiceTokenRefusedError,
} from './service-token.js';
import {
  OTHER_SERVICE_NAME,
  TEST_SERVICE_NAME,
  testServiceDefinition,
  type UsersDefinition,
} from './testing/test-service.js';
import type { ServiceHandlers } from './unary.js';

const secret = generateServiceTokenSecret();
let handled = 0;
const handlers = {
  async GetUser(request: { userId: string }) {
    handled += 1;
    if (request.userId === 'wrong-password') throw new DomainError('UNAUTHENTICATED', 'identity.invalidCredentials');
    return { id: request.userId, username: 'mario' };
  },
} as unknown as ServiceHandlers<UsersDefinition>;

const getUser = testServiceDefinition().GetUser;
const seconds = () => Math.floor(Date.now() / 1000);
const bearer = (token: string) => `Bearer ${token}`;
const hs256 = (claims: Record<string, unknown>, key: string) => createSigner({ key, algorithm: 'HS256' })(claims);
const decodeJwt = createDecoder();
/** A token as the BFF signs one, with claims changed as a test needs. */
const token = (claims: Record<string, unknown> = {}, key = secret) =>
  hs256({ sub: BFF_CALLER, aud: TEST_SERVICE_NAME, iat: seconds(), exp: seconds() + 300, ...claims }, key);

describe('service tokens on a gRPC server', () => {
  let server: RunningGrpcServer;
  let raw: grpc.Client;

  /** Calls GetUser with exactly the metadata given: what the server answers, or the error's status and metadata. */
  function call(authorization?: string): Promise<{ user?: { id: string }; error?: grpc.ServiceError }> {
    const metadata = new grpc.Metadata();
    if (authorization !== undefined) metadata.set('authorization', authorization);
    return new Promise((resolve) =>
      raw.makeUnaryRequest(
        getUser.path,
        getUser.requestSerialize,
        getUser.responseDeserialize,
        { userId: 'u1' },
        metadata,
        { deadline: Date.now() + 5000 },
        (error, user) => resolve(error ? { error } : { user: user as { id: string } }),
      ),
    );
  }

  async function refused(authorization?: string) {
    const before = handled;
    const { error } = await call(authorization);
    expect(handled).toBe(before); // the handler never ran
    expect(error?.code).toBe(grpc.status.UNAUTHENTICATED);
    return error as grpc.ServiceError;
  }

  beforeAll(async () => {
    server = await startGrpcServer({
      address: '127.0.0.1:0',
      service: {
        name: TEST_SERVICE_NAME,
        definition: testServiceDefinition(),
        handlers,
        callers: { GetUser: [BFF_CALLER, 'wallet'] },
      },
      logger: createLogger('service-token-test', 'silent'),
      serviceTokenSecret: secret,
    });
    raw = new grpc.Client(server.address, grpc.credentials.createInsecure());
  });

  afterAll(async () => {
    raw.close();
    await server.stop();
  });

  it('refuses a call without a token, with the catalogue key a caller translates', async () => {
    const error = await refused();
    expect(error.details).toMatch(/service token missing/);
    expect(fromGrpcError(error)).toMatchObject({ code: 'UNAUTHENTICATED', messageKey: 'errors.unauthenticated' });
    await refused('Basic Ym9iOnNlY3JldA==');
    await refused('Bearer');
  });

  it('refuses a token signed with another secret', async () => {
    const error = await refused(bearer(token({}, generateServiceTokenSecret())));
    expect(error.details).toMatch(/service token invalid/);
  });

  it('refuses an expired token', async () => {
    const error = await refused(bearer(token({ iat: seconds() - 400, exp: seconds() - 100 })));
    expect(error.details).toMatch(/service token expired/);
  });

  it('refuses a token without an expiry, one too old, for another service, or from another caller', async () => {
    const claims = { sub: BFF_CALLER, aud: TEST_SERVICE_NAME };
    await refused(bearer(hs256(claims, secret)));
    await refused(bearer(token({ iat: seconds() - 3600, exp: seconds() + 300 })));
    await refused(bearer(token({ aud: OTHER_SERVICE_NAME })));
    await refused(bearer(token({ sub: undefined })));
    // GetUser admits the wallet besides the BFF; the service named in no policy is refused, and told why.
    const stranger = await refused(bearer(token({ sub: 'content' })));
    expect(stranger.details).toMatch(/caller not admitted: .*GetUser admits bff, wallet/);
    expect((await call(bearer(token({ sub: 'wallet' })))).user).toMatchObject({ id: 'u1' });
    // Only HS256: an unsigned token ("alg": "none") is no token.
    await refused(bearer(createSigner({ algorithm: 'none', noTimestamp: true })(claims)));
  });

  it('serves a call with a valid token, and the same token again', async () => {
    const valid = bearer(token());
    expect((await call(valid)).user).toMatchObject({ id: 'u1', username: 'mario' });
    expect((await call(valid)).user).toMatchObject({ id: 'u1' });
  });

  it('answers the health check without a token', async () => {
    const check = healthService.Check;
    if (!check) throw new Error('grpc-health-check defines no Check method');
    for (const service of ['', TEST_SERVICE_NAME]) {
      const status = await new Promise<string>((resolve, reject) =>
        raw.makeUnaryRequest(
          check.path,
          check.requestSerialize,
          check.responseDeserialize as (bytes: Buffer) => { status?: string },
          { service },
          new grpc.Metadata(),
          { deadline: Date.now() + 5000 },
          (error, reply) => (error ? reject(error) : resolve(reply?.status ?? '')),
        ),
      );
      expect(status).toBe('SERVING');
    }
  });

  it("signs with the client's secret: served with the right one, a ServiceTokenRefusedError with another", async () => {
    const client = createGrpcClient(testServiceDefinition(), server.address, {
      caller: 'bff',
      serviceTokenSecret: secret,
    });
    expect(await client.GetUser({ userId: 'u2' })).toMatchObject({ id: 'u2' });
    // A domain UNAUTHENTICATED (a wrong password) is still the service's DomainError.
    await expect(client.GetUser({ userId: 'wrong-password' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      messageKey: 'identity.invalidCredentials',
    });
    client.close();

    const misconfigured = createGrpcClient(testServiceDefinition(), server.address, {
      caller: 'bff',
      serviceTokenSecret: generateServiceTokenSecret(),
    });
    const failure = await misconfigured.GetUser({ userId: 'u3' }).catch((error: unknown) => error);
    // Not a DomainError: the BFF logs it as unexpected, answers 500 and reports itself not ready.
    expect(failure).toBeInstanceOf(ServiceTokenRefusedError);
    expect(failure).not.toBeInstanceOf(DomainError);
    expect(String(failure)).toMatch(/SERVICE_TOKEN_SECRET/);
    misconfigured.close();
  });
});

describe('the token signer and verifier', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('signs again before the token expires, and not on every call', async () => {
    let now = 1_700_000_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const sign = serviceTokenSigner(secret, TEST_SERVICE_NAME, BFF_CALLER, 300);
    const first = sign();
    expect(sign()).toBe(first);
    expect(decodeJwt(first)).toMatchObject({
      sub: BFF_CALLER,
      aud: TEST_SERVICE_NAME,
      exp: now / 1000 + 300,
    });
    now += 239_000;
    expect(sign()).toBe(first);
    now += 2_000; // less than a minute left
    const second = sign();
    expect(second).not.toBe(first);
    expect(decodeJwt(second)).toMatchObject({ exp: now / 1000 + 300 });
  });

  it('stops accepting a remembered token once it expires', async () => {
    const verify = serviceTokenVerifier([secret]);
    const valid = bearer(token({ exp: seconds() + 5 }));
    expect(verify(valid, TEST_SERVICE_NAME)).toEqual({ caller: BFF_CALLER });
    expect(verify(valid, TEST_SERVICE_NAME)).toEqual({ caller: BFF_CALLER });
    expect(verify(valid, OTHER_SERVICE_NAME)).toEqual({ problem: 'invalid' });
    const later = Date.now() + 60_000; // past the expiry and the 30 s of clock tolerance
    jest.spyOn(Date, 'now').mockImplementation(() => later);
    expect(verify(valid, TEST_SERVICE_NAME)).toEqual({ problem: 'expired' });
  });

  it('wants a secret of at least 32 characters in the config, and the accepted one, if any, too', () => {
    const schema = serviceTokenConfigShape.SERVICE_TOKEN_SECRET;
    expect(schema.safeParse(undefined).success).toBe(false);
    expect(schema.safeParse('short').success).toBe(false);
    expect(schema.safeParse(generateServiceTokenSecret()).success).toBe(true);
    const accepted = serviceTokenConfigShape.SERVICE_TOKEN_ACCEPTED_SECRET;
    expect(accepted.safeParse(undefined)).toMatchObject({ success: true, data: undefined });
    expect(accepted.safeParse('')).toMatchObject({ success: true, data: undefined });
    expect(accepted.safeParse('short').success).toBe(false);
  });

  it('accepts the tokens of either secret during a rotation, and of no third', async () => {
    const next = generateServiceTokenSecret();
    const verify = serviceTokenVerifier([secret, next]);
    expect(verify(bearer(token()), TEST_SERVICE_NAME)).toEqual({ caller: BFF_CALLER });
    expect(verify(bearer(token({}, next)), TEST_SERVICE_NAME)).toEqual({ caller: BFF_CALLER });
    expect(verify(bearer(token({}, generateServiceTokenSecret())), TEST_SERVICE_NAME)).toEqual({
      problem: 'invalid',
    });
    const expired = token({ iat: seconds() - 400, exp: seconds() - 100 }, next);
    expect(verify(bearer(expired), TEST_SERVICE_NAME)).toEqual({ problem: 'expired' });
  });
});

describe('a rotation of the secret, one process restarted at a time', () => {
  it('keeps every call between two processes accepted at every step', async () => {
    const [old, next] = [generateServiceTokenSecret(), generateServiceTokenSecret()];
    type Secrets = { sign: string; accept?: string };
    const logger = createLogger('rotation-test', 'silent');
    // Two processes that call each other (identity and the wallet do), each a server and a client of the other.
    const processes = new Map<string, { server: RunningGrpcServer; secrets: Secrets }>();
    const start = async (name: string, secrets: Secrets) => {
      await processes.get(name)?.server.stop();
      const server = await startGrpcServer({
        address: '127.0.0.1:0',
        service: { name: TEST_SERVICE_NAME, definition: testServiceDefinition(), handlers },
        logger,
        serviceTokenSecret: secrets.sign,
        acceptedServiceTokenSecret: secrets.accept,
      });
      processes.set(name, { server, secrets });
    };
    const callsHold = async () => {
      for (const [from, to] of [
        ['a', 'b'],
        ['b', 'a'],
      ] as const) {
        const caller = processes.get(from);
        const callee = processes.get(to);
        if (!caller || !callee) throw new Error('both processes run');
        const client = createGrpcClient(testServiceDefinition(), callee.server.address, {
          caller: BFF_CALLER,
          serviceTokenSecret: caller.secrets.sign,
        });
        await expect(client.GetUser({ userId: `${from}-to-${to}` })).resolves.toMatchObject({ id: `${from}-to-${to}` });
        client.close();
      }
    };
    try {
      await start('a', { sign: old });
      await start('b', { sign: old });
      await callsHold();
      // 1. Every process accepts the new secret, still signing with the old one.
      for (const name of ['a', 'b']) {
        await start(name, { sign: old, accept: next });
        await callsHold();
      }
      // 2. Every process signs with the new one, still accepting the old one.
      for (const name of ['a', 'b']) {
        await start(name, { sign: next, accept: old });
        await callsHold();
      }
      // 3. The old one goes.
      for (const name of ['a', 'b']) {
        await start(name, { sign: next });
        await callsHold();
      }
    } finally {
      for (const { server } of processes.values()) await server.stop();
    }
  });
});
