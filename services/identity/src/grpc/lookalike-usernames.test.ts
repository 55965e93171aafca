import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { IdentityUserOutput } from '../contract/index.js';
import { failureOf } from '@tip/platform/testing';
import { newUserDocument } from '../app/new-user.js';
import { usernameKey } from '../domain/index.js';
import { USERS_COLLECTION } from '../infra/user-repository.js';
import type { UserDocument } from '../infra/user-document.js';
import { registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';

let harness: IdentityHarness;
let admin: IdentityUserOutput;

beforeAll(async () => {
  harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
  admin = await harness.client.Login({ email: 'root@tip.local', password: 'root-password' });
});
afterAll(() => harness.stop());

const refusal = async (username: string) => failureOf(registerMember(harness, { username }));

describe('look-alike usernames', () => {
  it("refuses a look-alike of a member's name or of a reserved one, storing nothing", async () => {
    expect(admin.username).toBe('admin');
    await registerMember(harness, { username: 'giorgio' });
    const before = await harness.storedUserCount();
    // Cyrillic а, Latin alpha, dotless i, Greek alpha; then a Cyrillic і, a script ɡ and a zero.
    for (const username of ['аdmin', 'ɑdmin', 'admın', 'αdmin', 'gіorgio', 'ɡiorgio', 'giorgi0']) {
      expect({ username, failure: await refusal(username) }).toMatchObject({
        username,
        failure: { code: 'ALREADY_EXISTS', messageKey: 'identity.usernameLookalike' },
      });
    }
    expect(await refusal('GIORGIO')).toMatchObject({ messageKey: 'identity.usernameTaken' });
    for (const username of ['support', 'ѕupport', 'Moderator', 'TIP', 'Staff']) {
      expect({ username, failure: await refusal(username) }).toMatchObject({
        username,
        failure: { code: 'ALREADY_EXISTS', messageKey: 'identity.usernameReserved' },
      });
    }
    expect(await harness.storedUserCount()).toBe(before);
    expect((await registerMember(harness, { username: 'giorgia' })).username).toBe('giorgia');
  });

  it('lets a member rename to any free name but a look-alike, and an admin take a reserved one', async () => {
    const marta = await registerMember(harness, { username: 'marta' });
    const member = await registerMember(harness, { username: 'nadia' });
    expect(await failureOf(harness.client.UpdateProfile({ userId: member.id, username: 'mаrta' }))).toMatchObject({
      code: 'ALREADY_EXISTS',
      messageKey: 'identity.usernameLookalike',
    });
    expect(await failureOf(harness.client.UpdateProfile({ userId: member.id, username: 'supporto' }))).toMatchObject({
      messageKey: 'identity.usernameReserved',
    });
    // Their own name, in a form that looks the same, stays theirs.
    expect((await harness.client.UpdateProfile({ userId: member.id, username: 'nаdia' })).username).toBe('nаdia');
    expect((await harness.client.UpdateProfile({ userId: admin.id, username: 'moderatore' })).username).toBe(
      'moderatore',
    );
    // Gone members free their name and its look-alikes.
    await harness.client.DeleteAccount({ userId: marta.id });
    expect((await registerMember(harness, { username: 'mаrta' })).username).toBe('mаrta');
  });

  it('lets one of simultaneous registrations of look-alike names win', async () => {
    // Latin, Cyrillic о, Greek ο, Cyrillic е: one skeleton.
    const names = ['Leone', 'Leоne', 'Leοne', 'Leonе'];
    const results = await Promise.allSettled(names.map((username) => registerMember(harness, { username })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((result) => result.status === 'rejected')) {
      expect(result.reason).toMatchObject({ code: 'ALREADY_EXISTS', messageKey: 'identity.usernameLookalike' });
    }
  });

  it('gives members stored before skeletons theirs at start, the older of two look-alikes holding it', async () => {
    const users = await harness.documents.collection<UserDocument>(USERS_COLLECTION);
    const legacy = (username: string, createdAt: string) =>
      newUserDocument({ username, usernameLower: usernameKey(username), createdAt, _outbox: [] });
    const older = legacy('vecchio', '2024-01-01T00:00:00.000Z');
    const newer = legacy('vеcchio', '2024-06-01T00:00:00.000Z');
    const other = legacy('Arturo', '2024-03-01T00:00:00.000Z');
    for (const user of [newer, older, other]) await users.insertOne(user);

    await harness.restart({ email: 'root@tip.local', password: 'root-password' });

    expect((await harness.storedUser(older._id))?.usernameSkeleton).toBe('vecchio');
    expect((await harness.storedUser(other._id))?.usernameSkeleton).toBe('arturo');
    const kept = await harness.storedUser(newer._id);
    expect(kept).toMatchObject({ username: 'vеcchio', revision: 0 });
    expect(kept?.usernameSkeleton).toBeUndefined();
    expect(await refusal('vecchiо')).toMatchObject({ messageKey: 'identity.usernameLookalike' });
    expect(await refusal('Аrturo')).toMatchObject({ messageKey: 'identity.usernameLookalike' });
  });
});
