import { createGrpcClient, type ServiceRuntime } from '@tip/platform';
import { identityDefinition } from '@tip/identity/contract';
import { startIdentityService } from '@tip/identity';
import { capturedMail } from '@tip/identity/testing';
import { startWalletService, type RunningWalletService, type WalletServiceOptions } from '../service.js';

/**
 * The wallet on `runtime`, with the real identity beside it on the same engines, where premium purchases take effect
 * (called as `wallet`); stopping the wallet stops identity too.
 */
export async function startWalletWithIdentity(
  runtime: ServiceRuntime,
  options: Pick<WalletServiceOptions, 'stripe' | 'integrityCheckIntervalMs'> = {},
): Promise<RunningWalletService & { identityAddress: string }> {
  const identity = await startIdentityService({ ...runtime, address: '127.0.0.1:0', mail: capturedMail() });
  const client = createGrpcClient(identityDefinition(), identity.address, {
    caller: 'wallet',
    serviceTokenSecret: runtime.serviceTokenSecret,
  });
  const wallet = await startWalletService({ ...runtime, ...options, identity: client }).catch(
    async (error: unknown) => {
      client.close();
      await identity.stop();
      throw error;
    },
  );
  return {
    ...wallet,
    identityAddress: identity.address,
    async stop() {
      await wallet.stop();
      client.close();
      await identity.stop();
    },
  };
}
