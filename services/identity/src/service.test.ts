import { afterEach, describe, expect, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { IDENTITY_SERVICE_NAME } from './contract/index.js';
import { registerMember, startIdentityHarness, type IdentityHarness } from './testing/harness.js';
import { failureOf, waitFor } from '@tip/platform/testing';

let harness: IdentityHarness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

/** The standard gRPC health check, as a load balancer or Kubernetes would ask it. */
function healthStatus(address: string): Promise<number> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const request = Buffer.from([0x0a, IDENTITY_SERVICE_NAME.length, ...Buffer.from(IDENTITY_SERVICE_NAME)]);
  return new Promise<number>((resolve, reject) =>
    client.makeUnaryRequest(
      '/grpc.health.v1.Health/Check',
      (value: Buffer) => value,
      (value: Buffer) => value,
      request,
      (error, reply) => {
        client.close();
        if (error) reject(error);
        else resolve(reply?.[1] ?? -1);
      },
    ),
  );
}

describe('startIdentityService', () => {
  it('creates a first admin with a random password once, and reports it', async () => {
    harness = await startIdentityHarness();
    const created = harness.service.adminCreated;
    expect(created?.email).toBe('admin@tip.local');
    expect(created?.password.length).toBeGreaterThanOrEqual(20);
    const admin = await harness.client.Login({ email: 'admin@tip.local', password: created?.password ?? '' });
    expect(admin).toMatchObject({ isAdmin: true, verificationStatus: 'approved' });

    await harness.restart();
    expect(harness.service.adminCreated).toBeUndefined();
    expect((await harness.client.Login({ email: 'admin@tip.local', password: created?.password ?? '' })).id).toBe(
      admin.id,
    );
  });

  it('creates the configured admin, then resets its password when the setting changes', async () => {
    harness = await startIdentityHarness({ admin: { email: 'Boss@Tip.local', password: 'first-password' } });
    expect(harness.service.adminCreated).toBeUndefined();
    const admin = await harness.client.Login({ email: 'boss@tip.local', password: 'first-password' });
    expect(admin.isAdmin).toBe(true);

    await harness.restart({ email: 'boss@tip.local', password: 'second-password' });
    expect(
      await failureOf(harness.client.Login({ email: 'boss@tip.local', password: 'first-password' })),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await harness.client.Login({ email: 'boss@tip.local', password: 'second-password' })).id).toBe(admin.id);
  });

  it('promotes an existing member named as admin, and approves it', async () => {
    harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
    const member = await registerMember(harness, { email: 'capo@example.it' });
    await harness.restart({ email: 'capo@example.it', password: 'capo-password' });
    const promoted = await harness.client.Login({ email: 'capo@example.it', password: 'capo-password' });
    expect(promoted).toMatchObject({ id: member.id, isAdmin: true, verificationStatus: 'approved' });
  });

  it('keeps its data across a restart', async () => {
    harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
    const member = await registerMember(harness, { username: 'Persistente' });
    await harness.restart({ email: 'root@tip.local', password: 'root-password' });
    expect((await harness.client.GetUser({ userId: member.id, viewerId: '' })).username).toBe('Persistente');
    expect((await failureOf(registerMember(harness, { username: 'persistente' }))).messageKey).toBe(
      'identity.usernameTaken',
    );
  });

  it('serves the gRPC health service', async () => {
    harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
    expect(await healthStatus(harness.service.address)).toBe(1); // SERVING
  });

  it('lets calls in flight finish when stopped', async () => {
    const running = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
    harness = running;
    const before = await running.storedUserCount();
    const registering = Promise.all(Array.from({ length: 6 }, () => registerMember(running)));
    // Once the first is stored the others, sent together, have arrived and are being hashed.
    await waitFor(async () => (await running.storedUserCount()) > before, 10_000, 'the first registration');
    await running.service.stop();
    const members = await registering;
    for (const member of members) expect((await running.storedUser(member.id))?.username).toBe(member.username);
  });
});
