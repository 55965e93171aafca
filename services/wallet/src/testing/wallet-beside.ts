import { createGrpcClient, StopStack, type ServiceClient, type ServiceRuntime } from '@tip/platform';
import { identityDefinition } from '@tip/identity/contract';
import { walletDefinition, type WalletDefinition } from '../contract/index.js';
import { startIdentityService } from '@tip/identity';
import { startWalletService } from '../service.js';

/**
 * The real wallet, started beside a service under test on that service's engines, with the real identity beside it
 * (where premium purchases take effect): `charges` calls the wallet as the service does (its token naming `caller`),
 * `client` as the BFF does (to fund members and read balances).
 */
export interface WalletBeside {
  charges: ServiceClient<WalletDefinition>;
  client: ServiceClient<WalletDefinition>;
  /** Where the identity started beside answers. */
  identityAddress: string;
  /** Gives the member credits the way an admin would. */
  fund(userId: string, amount: number): Promise<void>;
  balance(userId: string): Promise<number>;
  /** Stops the wallet's server, its clients left to fail as a caller's do when the wallet is down. */
  down(): Promise<void>;
  /** Stops the wallet and identity and closes the clients. */
  stop(): Promise<void>;
}

export async function startWalletBeside(runtime: ServiceRuntime, caller: string): Promise<WalletBeside> {
  const stops = new StopStack();
  const { serviceTokenSecret } = runtime;
  const connect = <D>(definition: Parameters<typeof createGrpcClient<D>>[0], address: string, as: string) => {
    const client = createGrpcClient(definition, address, { caller: as, serviceTokenSecret, timeoutMs: 20_000 });
    stops.defer(async () => client.close());
    return client;
  };
  try {
    const identity = await startIdentityService({ ...runtime, address: '127.0.0.1:0' });
    stops.defer(() => identity.stop());
    const service = await startWalletService({
      ...runtime,
      address: '127.0.0.1:0',
      identity: connect(identityDefinition(), identity.address, 'wallet'),
    });
    let stopped: Promise<void> | undefined;
    const down = () => (stopped ??= service.stop());
    stops.defer(down);
    const charges = connect(walletDefinition(), service.address, caller);
    const client = connect(walletDefinition(), service.address, 'bff');
    let funded = 0;
    return {
      charges,
      client,
      identityAddress: identity.address,
      async fund(userId, amount) {
        await client.Credit({
          userId,
          amount,
          kind: 'admin_adjustment',
          reference: { type: 'admin', id: 'test-admin' },
          idempotencyKey: `fund:${userId}:${++funded}`,
          actorId: 'test-admin',
        });
      },
      async balance(userId) {
        return (await client.Balance({ userId })).balance;
      },
      down,
      stop: () => stops.stopAll(),
    };
  } catch (error) {
    await stops.stopAll();
    throw error;
  }
}
