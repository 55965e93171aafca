import { blockKey, ProfileUpdated, UserBlocked, UserUnblocked, type UserProfilePayload } from '@tip/identity/contract';
import { messagingDefinition, MESSAGING_MESSAGES_TOPIC, type MessagingDefinition } from '../contract/index.js';
import { startServiceHarness, waitFor, type ServiceHarness } from '@tip/platform/testing';
import { memberProfile } from '@tip/identity/testing';
import { startWalletBeside, type WalletBeside } from '@tip/wallet/testing';
import { randomUUID } from 'node:crypto';
import { conversationKey } from '../domain/index.js';
import { MessageRepository } from '../infra/message-repository.js';
import { startMessagingService, type RunningMessagingService } from '../service.js';

/**
 * Messaging as the BFF sees it, for tests, with members made known the way identity does (its events), and the real
 * wallet beside it, where messaging charges messages.
 */
export interface MessagingHarness extends ServiceHarness<MessagingDefinition, RunningMessagingService> {
  wallet: WalletBeside;
  /** Makes a member known to messaging, with `credits` in the wallet (100 unless told), and returns its id. */
  member(overrides?: Partial<UserProfilePayload>, credits?: number): Promise<string>;
  /**
   * A send that stopped after keeping its message pending and before the wallet answered (messaging stopped, or the
   * wallet was down): the message as Send's first step stores it. Answers its id.
   */
  interruptedSend(senderId: string, recipientId: string, content: string): Promise<string>;
  /** Identity's UserBlocked, and the wait the BFF makes before it answers the block (AwaitBlock). */
  block(blockerId: string, blockedId: string): Promise<void>;
  /** Identity's UserUnblocked, and the BFF's wait. */
  unblock(blockerId: string, blockedId: string): Promise<void>;
}

export async function startMessagingHarness(): Promise<MessagingHarness> {
  let wallet: WalletBeside | undefined;
  const harness = await startServiceHarness({
    name: 'messaging',
    definition: messagingDefinition(),
    watch: [MESSAGING_MESSAGES_TOPIC],
    async start(runtime) {
      const beside = await startWalletBeside(runtime, 'messaging');
      wallet = beside;
      const messaging = await startMessagingService({ ...runtime, wallet: beside.charges });
      return { ...messaging, stop: () => messaging.stop().then(() => beside.stop()) };
    },
  });
  // Looked up at each use: a restart opens the engines anew.
  const known = () => harness.documents.collection<{ _id: string; verificationStatus: string }>('members');
  const acknowledged = async (pair: { blockerId: string; blockedId: string; blocked: boolean }) => {
    if (!(await harness.client.AwaitBlock(pair)).applied) throw new Error('messaging did not hear of the block');
  };
  const helpers: Pick<MessagingHarness, 'member' | 'interruptedSend' | 'block' | 'unblock'> = {
    async member(overrides = {}, credits = 100) {
      const profile = memberProfile(overrides);
      if (credits > 0) await wallet?.fund(profile.userId, credits);
      await harness.events.publish(ProfileUpdated.topic, [ProfileUpdated.create(profile.userId, profile, 'test')]);
      await waitFor(
        async () =>
          (await (await known()).findOne({ _id: profile.userId }))?.verificationStatus === profile.verificationStatus,
        5000,
        `messaging hearing of ${profile.userId}`,
      );
      return profile.userId;
    },
    async interruptedSend(senderId, recipientId, content) {
      const messages = await MessageRepository.open(harness.documents);
      const id = randomUUID();
      const conversation = conversationKey(senderId, recipientId);
      const createdAt = new Date().toISOString();
      await messages.insertPending({
        _id: id,
        conversation,
        senderId,
        recipientId,
        content,
        status: 'pending',
        createdAt,
      });
      return id;
    },
    async block(blockerId, blockedId) {
      const pair = { blockerId, blockedId };
      const blockedAt = new Date().toISOString();
      await harness.events.publish(UserBlocked.topic, [
        UserBlocked.create(blockKey(blockerId, blockedId), { ...pair, reason: 'spam', blockedAt }, 'test'),
      ]);
      await acknowledged({ ...pair, blocked: true });
    },
    async unblock(blockerId, blockedId) {
      const pair = { blockerId, blockedId };
      await harness.events.publish(UserUnblocked.topic, [
        UserUnblocked.create(blockKey(blockerId, blockedId), pair, 'test'),
      ]);
      await acknowledged({ ...pair, blocked: false });
    },
  };
  return Object.defineProperties(Object.assign(harness, helpers), {
    // The wallet of the current start: a restart starts another.
    wallet: { get: () => wallet, enumerable: true },
  }) as MessagingHarness;
}
