import {
  createGrpcClient,
  walletDefinition,
  type ServiceClient,
  type ServiceRuntime,
  type WalletDefinition,
} from '@tip/platform';
import { startWalletService } from '../service.js';

/**
 * The real wallet, started beside a service under test on that service's engines: `charges` calls it as the
 * service does (its token naming `caller`), `client` as the BFF does (to fund members and read balances).
 */
export interface WalletBeside {
  charges: ServiceClient<WalletDefinition>;
  client: ServiceClient<WalletDefinition>;
  /** Gives the member credits the way an admin would. */
  fund(userId: string, amount: number): Promise<void>;
  balance(userId: string): Promise<number>;
  /** Stops the wallet's server, its clients left to fail as a caller's do when the wallet is down. */
  down(): Promise<void>;
  /** Stops the wallet and closes its clients. */
  stop(): Promise<void>;
}

export async function startWalletBeside(runtime: ServiceRuntime, caller: string): Promise<WalletBeside> {
  const service = await startWalletService({ ...runtime, address: '127.0.0.1:0' });
  const connect = (as: string) =>
    createGrpcClient(walletDefinition(), service.address, {
      caller: as,
      serviceTokenSecret: runtime.serviceTokenSecret,
      timeoutMs: 20_000,
    });
  const charges = connect(caller);
  const client = connect('bff');
  let funded = 0;
  let stopped: Promise<void> | undefined;
  const down = () => (stopped ??= service.stop());
  return {
    charges,
    client,
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
    async stop() {
      await down();
      charges.close();
      client.close();
    },
  };
}
