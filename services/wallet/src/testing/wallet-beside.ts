import { createGrpcClient, StopStack, type ServiceClient, type ServiceRuntime } from '@tip/platform';
import { scaled } from '@tip/platform/testing';
import { walletDefinition, type WalletDefinition } from '../contract/index.js';
import { startWalletWithIdentity } from './wallet-with-identity.js';

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
  /** Stops the wallet (and identity beside it), its clients left to fail as a caller's do when the wallet is down. */
  down(): Promise<void>;
  /** Stops the wallet and identity and closes the clients. */
  stop(): Promise<void>;
}

export async function startWalletBeside(runtime: ServiceRuntime, caller: string): Promise<WalletBeside> {
  const stops = new StopStack();
  const { serviceTokenSecret } = runtime;
  try {
    const service = await startWalletWithIdentity({ ...runtime, address: '127.0.0.1:0' });
    let stopped: Promise<void> | undefined;
    const down = () => (stopped ??= service.stop());
    stops.defer(down);
    /** The wallet as `as` calls it, closed with the rest. */
    const connect = (as: string) => {
      const client = createGrpcClient(walletDefinition(), service.address, {
        caller: as,
        serviceTokenSecret,
        timeoutMs: scaled(20_000),
      });
      stops.defer(async () => client.close());
      return client;
    };
    const charges = connect(caller);
    const client = connect('bff');
    let funded = 0;
    return {
      charges,
      client,
      identityAddress: service.identityAddress,
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
