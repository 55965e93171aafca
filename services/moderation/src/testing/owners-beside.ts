import { createGrpcClient, type ServiceRuntime } from '@tip/platform';
import { contentDefinition } from '@tip/content/contract';
import { identityDefinition } from '@tip/identity/contract';
import { startContentService } from '@tip/content';
import { startWalletBeside } from '@tip/wallet/testing';
import type { DecisionOwners } from '../app/context.js';
import { startModerationService, type RunningModerationService } from '../service.js';

/**
 * Moderation under test with the real identity and content beside it (and the wallet content charges through), on
 * the same engines: where its decisions take effect, from its events; moderation calls them as `moderation` about a
 * member or post it has not heard of yet.
 */
export async function startModerationWithOwners(
  runtime: ServiceRuntime,
): Promise<RunningModerationService & { owners: DecisionOwners }> {
  const wallet = await startWalletBeside(runtime, 'content');
  const content = await startContentService({
    ...runtime,
    address: '127.0.0.1:0',
    approval: 'moderated',
    wallet: wallet.charges,
  });
  const connect = <D>(definition: Parameters<typeof createGrpcClient<D>>[0], address: string) =>
    createGrpcClient(definition, address, { caller: 'moderation', serviceTokenSecret: runtime.serviceTokenSecret });
  const identity = connect(identityDefinition(), wallet.identityAddress);
  const contentClient = connect(contentDefinition(), content.address);
  const moderation = await startModerationService({ ...runtime, identity, content: contentClient });
  return {
    ...moderation,
    owners: { identity, content: contentClient },
    async stop() {
      await moderation.stop();
      identity.close();
      contentClient.close();
      await content.stop();
      await wallet.stop();
    },
  };
}
