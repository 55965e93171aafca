import { PostCreated } from '@tip/content/contract';
import { UserRegistered, VerificationSubmitted, type UserProfilePayload } from '@tip/identity/contract';
import {
  MODERATION_FEEDBACK_TOPIC,
  MODERATION_POSTS_TOPIC,
  MODERATION_REPORTS_TOPIC,
  MODERATION_VERIFICATIONS_TOPIC,
  moderationDefinition,
  type ModerationDefinition,
} from '../contract/index.js';
import { copyEventsOnly, startServiceHarness, waitFor, type ServiceHarness } from '@tip/platform/testing';
import { memberProfile } from '@tip/identity/testing';
import type { DecisionOwners } from '../app/context.js';
import { startModerationService, type RunningModerationService } from '../service.js';
import { startModerationWithOwners } from './owners-beside.js';

/** Moderation as the BFF sees it, for tests, fed the other services' events the way they publish them. */
export interface ModerationHarness extends ServiceHarness<ModerationDefinition, RunningModerationService> {
  /** A registered member (approved unless told otherwise), once moderation knows of them. */
  member(overrides?: Partial<UserProfilePayload>): Promise<string>;
  /** A member whose verification photo waits for a decision, once it is in the queue. */
  waitingMember(): Promise<string>;
  /** A post waiting for approval (or published), once moderation knows of it. */
  post(authorId: string, status?: 'pending' | 'approved'): Promise<string>;
  /**
   * Another moderation, started on a fresh store over a copy of the log as it is now, without any consumer group's
   * offsets: a console added to a running community.
   */
  rebuilt(): Promise<ServiceHarness<ModerationDefinition, RunningModerationService>>;
}

let posts = 0;

export async function startModerationHarness(): Promise<ModerationHarness> {
  let owners: DecisionOwners | undefined;
  const main = await startServiceHarness({
    name: 'moderation',
    definition: moderationDefinition(),
    watch: [
      MODERATION_VERIFICATIONS_TOPIC,
      MODERATION_POSTS_TOPIC,
      MODERATION_REPORTS_TOPIC,
      MODERATION_FEEDBACK_TOPIC,
    ],
    async start(runtime) {
      const started = await startModerationWithOwners(runtime);
      owners = started.owners;
      return started;
    },
  });
  const { events } = main;
  const extra: Array<() => Promise<void>> = [];
  const known = async (userId: string, status: string) =>
    (await main.client.PendingVerifications({})).items.some((item) => item.userId === userId) ===
    (status === 'pending');

  const helpers: Omit<ModerationHarness, keyof typeof main> = {
    async member(overrides = {}) {
      const profile = memberProfile(overrides);
      const registered = UserRegistered.create(profile.userId, { ...profile, method: 'password' }, 'test');
      const before = (await main.client.Stats({})).totalUsers;
      await events.publish(UserRegistered.topic, [registered]);
      await waitFor(async () => (await main.client.Stats({})).totalUsers > before, 5000, 'moderation hearing of it');
      await waitFor(() => known(profile.userId, profile.verificationStatus), 5000, 'its queue state');
      return profile.userId;
    },
    async waitingMember() {
      const userId = await harness.member({ verificationStatus: 'pending' });
      const submitted = VerificationSubmitted.create(userId, { userId, submittedAt: new Date().toISOString() }, 'test');
      await events.publish(VerificationSubmitted.topic, [submitted]);
      return userId;
    },
    async post(authorId, status = 'pending') {
      posts += 1;
      const postId = `post-${process.pid}-${posts}`;
      const created = PostCreated.create(
        postId,
        {
          postId,
          authorId,
          category: 'trending',
          status,
          isPremium: false,
          hasMedia: false,
          createdAt: new Date().toISOString(),
        },
        'test',
      );
      const before = (await main.client.Stats({})).totalPosts;
      await events.publish(PostCreated.topic, [created]);
      await waitFor(async () => (await main.client.Stats({})).totalPosts > before, 5000, 'moderation hearing of it');
      return postId;
    },
    async rebuilt() {
      const beside = owners;
      if (!beside) throw new Error('moderation has not started');
      const other = await startServiceHarness({
        name: 'moderation-rebuilt',
        definition: moderationDefinition(),
        seed: (dir) => copyEventsOnly(events, dir),
        // The owners beside the first: ones started on the copy would add their own events to it.
        start: (runtime) => startModerationService({ ...runtime, ...beside }),
      });
      extra.push(() => other.stop());
      return other;
    },
  };
  const harness: ModerationHarness = Object.assign(main, helpers);
  const stopMain = main.stop;
  harness.stop = async () => {
    for (const stop of extra) await stop();
    await stopMain();
  };
  return harness;
}
