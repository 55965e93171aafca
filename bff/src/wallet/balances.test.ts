import { describe, expect, it } from '@jest/globals';
import { Balances } from './balances.js';

/**
 * The wallet's two balance calls over a fixed ledger (each member's balance left by their first entry), counting
 * what is asked.
 */
function wallet(ledger: Record<string, number>) {
  const sequenceOf = (userId: string) => (userId in ledger ? 1 : 0);
  const asked = { single: [] as string[], batches: [] as string[][] };
  return {
    asked,
    client: {
      Balance: async ({ userId = '' }: { userId?: string }) => {
        asked.single.push(userId);
        return { balance: ledger[userId] ?? 0, sequence: sequenceOf(userId) };
      },
      Balances: async ({ userIds = [] }: { userIds?: string[] }) => {
        asked.batches.push(userIds);
        return {
          balances: userIds.map((userId) => ({ userId, balance: ledger[userId] ?? 0, sequence: sequenceOf(userId) })),
        };
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
    const balances = new Balances(wallet({ gina: 10 }).client);
    expect(await balances.get('gina')).toBe(10);
    // A debit answered here left 4 (entry 6); another worker's later debit (entry 7, to 2) was heard of first.
    balances.entry('gina', 7, 2);
    balances.answered('gina', 6, 4);
    expect(await balances.get('gina')).toBe(2);
    // The debit's own event, late, changes nothing; a later answer is kept.
    balances.entry('gina', 6, 4);
    expect(await balances.get('gina')).toBe(2);
    balances.answered('gina', 8, 0);
    expect(await balances.get('gina')).toBe(0);
    balances.entry('gina', 9, 5);
    expect(await balances.get('gina')).toBe(5);
  });

  it('shows a retried debit’s answer, which repeats its first entry, as no newer than what came since', async () => {
    const balances = new Balances(wallet({ ivo: 50 }).client);
    expect(await balances.get('ivo')).toBe(50);
    // The first send's debit (entry 3, to 48) went through while its answer was lost; two more sends followed.
    balances.entry('ivo', 3, 48);
    balances.answered('ivo', 4, 46);
    balances.answered('ivo', 5, 44);
    // The retried first send answers its entry 3 again: the balance stays the latest.
    balances.answered('ivo', 3, 48);
    expect(await balances.get('ivo')).toBe(44);
  });

  it('asks the wallet rather than keep an answer about a member it does not know', async () => {
    const { client, asked } = wallet({ luca: 20 });
    const balances = new Balances(client);
    // A retried debit answers an entry long past: the member's balance now is the wallet's to say.
    balances.answered('luca', 1, 98);
    expect(await balances.get('luca')).toBe(20);
    expect(asked.single).toEqual(['luca']);
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
