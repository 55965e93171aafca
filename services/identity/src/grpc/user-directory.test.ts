import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { IdentityUserOutput } from '../contract/index.js';
import { registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';

let harness: IdentityHarness;
let admin: IdentityUserOutput;

beforeAll(async () => {
  harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
  admin = await harness.client.Login({ email: 'root@tip.local', password: 'root-password' });
});
afterAll(() => harness.stop());

const total = async (query: { search?: string; role?: string } = {}) =>
  (await harness.client.ListUsers({ viewerId: admin.id, page: 1, limit: 25, ...query })).total;

describe('ListUsers totals', () => {
  it('follow every write, though they are kept between requests', async () => {
    const members = [];
    for (const username of ['Ottavio', 'Ottavia', 'Piera']) members.push(await registerMember(harness, { username }));
    const [ottavio, ottavia] = members as [IdentityUserOutput, IdentityUserOutput, IdentityUserOutput];
    expect(await total()).toBe(4);
    expect(await total({ search: 'ottav' })).toBe(2);
    expect(await total({ role: 'tester' })).toBe(0);
    // Asked again, as a console would on every page: the same answers.
    expect([await total(), await total({ search: 'ottav' })]).toEqual([4, 2]);

    await registerMember(harness, { username: 'Ottaviano' });
    expect([await total(), await total({ search: 'ottav' }), await total({ search: 'piera' })]).toEqual([5, 3, 1]);

    await harness.client.SetTester({ userId: ottavio.id, isTester: true, adminId: admin.id });
    expect([await total({ role: 'tester' }), await total({ role: 'user' })]).toEqual([1, 3]);

    await harness.client.DeleteUser({ userId: ottavia.id, adminId: admin.id });
    expect([await total(), await total({ search: 'ottav' }), await total({ role: 'user' })]).toEqual([4, 2, 2]);
  });

  it('give concurrent requests for one list the same total', async () => {
    const totals = await Promise.all(Array.from({ length: 10 }, () => total({ search: 'ottav' })));
    expect(new Set(totals)).toEqual(new Set([2]));
  });
});

describe('ListUsers pages', () => {
  const page = async (page: number) =>
    (await harness.client.ListUsers({ viewerId: admin.id, page, limit: 2, search: 'zeno' })).users.map((user) => [
      user.username,
      user.isTester,
    ]);

  it('follow every write, though which users they list is kept between requests, and show each user as it is', async () => {
    const zeno1 = await registerMember(harness, { username: 'Zeno1' });
    await registerMember(harness, { username: 'Zeno2' });
    const zeno3 = await registerMember(harness, { username: 'Zeno3' });
    expect([await page(1), await page(2)]).toEqual([
      [
        ['Zeno3', false],
        ['Zeno2', false],
      ],
      [['Zeno1', false]],
    ]);
    expect(await page(2)).toEqual([['Zeno1', false]]);

    await registerMember(harness, { username: 'Zeno4' });
    expect(await page(2)).toEqual([
      ['Zeno2', false],
      ['Zeno1', false],
    ]);
    await harness.client.SetTester({ userId: zeno1.id, isTester: true, adminId: admin.id });
    expect(await page(2)).toEqual([
      ['Zeno2', false],
      ['Zeno1', true],
    ]);
    await harness.client.DeleteUser({ userId: zeno3.id, adminId: admin.id });
    expect([await page(1), await page(2)]).toEqual([
      [
        ['Zeno4', false],
        ['Zeno2', false],
      ],
      [['Zeno1', true]],
    ]);
  });
});
