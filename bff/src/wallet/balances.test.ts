import { describe, expect, it } from '@jest/globals';
import { Balances } from './balances.js';

/** The wallet's two balance calls over a fixed ledger, counting what is asked. */
function wallet(ledger: Record<string, number>) {
  const asked = { single: [] as string[], batches: [] as string[][] };
  return {
    asked,
    client: {
      Balance: async ({ userId = '' }: { userId?: string }) => {
        asked.single.push(userId);
        return { balance: ledger[userId] ?? 0 };
      },
      Balances: async ({ userIds = [] }: { userIds?: string[] }) => {
        asked.batches.push(userIds);
        return { balances: userIds.map((userId) => ({ userId, balance: ledger[userId] ?? 0 })) };
      },
    },
  };
}

describe('Balances.getMany', () => {
  it('asks the wallet once for the members it does not know, then answers from memory', async () => {
    const { client, asked } = wallet({ anna: 5, bruno: 7 });
    const balances = new Balances(client);
    expect(await balances.get('anna')).toBe(5);

    const page = await balances.getMany(['anna', 'bruno', 'carla', 'bruno']);
    expect(page).toEqual(
      new Map([
        ['anna', 5],
        ['bruno', 7],
        ['carla', 0],
      ]),
    );
    expect(asked.batches).toEqual([['bruno', 'carla']]);

    expect(await balances.getMany(['carla', 'bruno'])).toEqual(
      new Map([
        ['carla', 0],
        ['bruno', 7],
      ]),
    );
    expect(asked.batches).toHaveLength(1);
    expect(asked.single).toEqual(['anna']);
  });

  it('shares a lookup in flight with single reads, and lets a ledger event win over an older answer', async () => {
    const { client, asked } = wallet({ dario: 3 });
    const balances = new Balances(client);
    const page = balances.getMany(['dario', 'elena']);
    const single = balances.get('dario');
    balances.entry('elena', 1, 9);
    expect(await page).toEqual(
      new Map([
        ['dario', 3],
        ['elena', 9],
      ]),
    );
    expect(await single).toBe(3);
    expect(asked.single).toEqual([]);
    expect(await balances.get('elena')).toBe(9);
  });

  it('keeps a member’s latest entry whatever order its events and the answers come in', async () => {
    const balances = new Balances(wallet({}).client);
    // A debit answered here left 4; meanwhile another worker's later debit (to 2) was heard of first.
    const mark = balances.mark('gina');
    balances.entry('gina', 7, 2);
    balances.answered('gina', 4, mark);
    expect(await balances.get('gina')).toBe(2);
    // This debit's own event, late, changes nothing; an answer with no event meanwhile is kept.
    balances.entry('gina', 6, 4);
    expect(await balances.get('gina')).toBe(2);
    balances.answered('gina', 0, balances.mark('gina'));
    expect(await balances.get('gina')).toBe(0);
    balances.entry('gina', 9, 5);
    expect(await balances.get('gina')).toBe(5);
  });

  it('asks again once the balances expired', async () => {
    let now = 0;
    const { client, asked } = wallet({ fabio: 1 });
    const balances = new Balances(client, { ttlMs: 1000, now: () => now });
    await balances.getMany(['fabio']);
    now = 2000;
    await balances.getMany(['fabio']);
    expect(asked.batches).toEqual([['fabio'], ['fabio']]);
  });
});
