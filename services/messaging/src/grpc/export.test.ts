import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sleep } from '@tip/platform/testing';
import { startMessagingHarness, type MessagingHarness } from '../testing/harness.js';

let harness: MessagingHarness;

beforeAll(async () => {
  harness = await startMessagingHarness();
});
afterAll(() => harness.stop());

/**
 * A message paid for and sent (or, `interrupted`, kept pending by a send that stopped before its debit); a few
 * milliseconds apart, so that their order is plain.
 */
async function send(userId: string, recipientId: string, content: string, interrupted = false): Promise<string> {
  let messageId: string;
  if (interrupted) messageId = await harness.interruptedSend(userId, recipientId, content);
  else {
    messageId = randomUUID();
    await harness.client.Send({ messageId, userId, recipientId, content });
  }
  await sleep(5);
  return messageId;
}

interface Exported {
  messages: {
    id: string;
    senderId: string;
    recipientId: string;
    direction: string;
    content: string;
    status: string;
    createdAt: string;
    readAt: string | null;
  }[];
}

const exportOf = async (userId: string) => {
  const reply = await harness.client.ExportMember({ userId });
  return { json: reply.json, data: JSON.parse(reply.json) as Exported };
};

describe('ExportMember', () => {
  it('holds the messages the member sent and received, with their read marks, and no one else’s', async () => {
    const anna = await harness.member();
    const bruno = await harness.member();
    const carla = await harness.member();
    const toBruno = await send(anna, bruno, 'ciao bruno, da anna');
    const fromBruno = await send(bruno, anna, 'ciao anna, da bruno');
    await harness.client.MarkRead({ userId: anna, senderId: bruno });
    const fromCarla = await send(carla, anna, 'anna, sono carla');
    // Between the others only: in neither Anna's export nor (for Carla's) Bruno's.
    await send(bruno, carla, 'carla, da bruno');
    await send(carla, bruno, 'bruno, da carla');
    // Anna's own message waiting for its debit is hers; Carla's to her, unpaid, is not hers yet.
    const unpaid = await send(anna, carla, 'non ancora pagato', true);
    await send(carla, anna, 'carla non ha ancora pagato', true);

    const { json, data } = await exportOf(anna);
    expect(data.messages.map((message) => [message.id, message.direction, message.content, message.status])).toEqual([
      [toBruno, 'sent', 'ciao bruno, da anna', 'sent'],
      [fromBruno, 'received', 'ciao anna, da bruno', 'sent'],
      [fromCarla, 'received', 'anna, sono carla', 'sent'],
      [unpaid, 'sent', 'non ancora pagato', 'pending'],
    ]);
    expect(data.messages[0]).toMatchObject({ senderId: anna, recipientId: bruno, readAt: null });
    expect(data.messages[1]).toMatchObject({ senderId: bruno, recipientId: anna, readAt: expect.any(String) });
    expect(data.messages[2]).toMatchObject({ senderId: carla, recipientId: anna, readAt: null });
    for (const others of ['carla, da bruno', 'bruno, da carla', 'carla non ha ancora pagato']) {
      expect(json).not.toContain(others);
    }

    // The message between Anna and Bruno is in both exports; Carla's to Anna is not Bruno's.
    const brunos = await exportOf(bruno);
    expect(brunos.data.messages.map((message) => message.content)).toEqual([
      'ciao bruno, da anna',
      'ciao anna, da bruno',
      'carla, da bruno',
      'bruno, da carla',
    ]);
    expect(brunos.data.messages[0]).toMatchObject({ id: toBruno, direction: 'received' });
    expect(brunos.data.messages[1]).toMatchObject({ id: fromBruno, direction: 'sent', readAt: expect.any(String) });
    expect(brunos.json).not.toContain('anna, sono carla');
  });

  it('is empty for a member who wrote nothing and got nothing', async () => {
    expect((await exportOf(await harness.member())).data).toEqual({ messages: [] });
  });
});
