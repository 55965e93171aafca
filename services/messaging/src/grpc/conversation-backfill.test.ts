import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, generateServiceTokenSecret, createGrpcClient } from '@tip/platform';
import { messagingDefinition } from '../contract/index.js';
import { waitFor } from '@tip/platform/testing';
import { conversationKey } from '../domain/index.js';
import type { MessageDocument } from '../infra/message-repository.js';
import { startMessagingService } from '../service.js';
import { startMessagingHarness, type MessagingHarness } from '../testing/harness.js';

let harness: MessagingHarness;

beforeAll(async () => {
  harness = await startMessagingHarness();
});
afterAll(() => harness.stop());

describe('a data directory from before conversations were made on send', () => {
  it('lists the conversations of earlier messages once they are made, at the next start', async () => {
    const [anna, bruno, carla] = [await harness.member(), await harness.member(), await harness.member()];
    // As earlier versions left them: sent messages, and no conversation until someone read one.
    const messages = await harness.documents.collection<MessageDocument>('messages');
    const earlier = [
      { from: anna, to: bruno, at: '2025-01-01T10:00:00.000Z' },
      { from: bruno, to: anna, at: '2025-01-01T10:01:00.000Z' },
      { from: carla, to: anna, at: '2025-01-02T09:00:00.000Z' },
    ];
    for (const [n, message] of earlier.entries()) {
      await messages.insertOne({
        _id: `earlier-${n}`,
        conversation: conversationKey(message.from, message.to),
        senderId: message.from,
        recipientId: message.to,
        content: `messaggio ${n}`,
        status: 'sent',
        createdAt: message.at,
      });
    }
    await (await harness.documents.collection('migrations')).deleteMany({});

    const serviceTokenSecret = generateServiceTokenSecret();
    const restarted = await startMessagingService({
      address: '127.0.0.1:0',
      serviceTokenSecret,
      documents: harness.documents,
      events: harness.events,
      logger: createLogger('messaging-test', 'silent'),
      wallet: harness.wallet.charges,
    });
    const client = createGrpcClient(messagingDefinition(), restarted.address, { caller: 'bff', serviceTokenSecret });
    try {
      await waitFor(
        async () => (await client.Conversations({ userId: anna })).conversations.length === 2,
        5000,
        "anna's two conversations",
      );
      const listed = (await client.Conversations({ userId: anna })).conversations;
      expect(listed.map((conversation) => [conversation.otherUserId, conversation.lastMessage?.content])).toEqual([
        [carla, 'messaggio 2'],
        [bruno, 'messaggio 1'],
      ]);
      expect(listed.map((conversation) => conversation.unreadCount)).toEqual([1, 1]);
      expect((await client.Conversations({ userId: carla })).conversations).toHaveLength(1);
    } finally {
      client.close();
      await restarted.stop();
    }
  });
});
