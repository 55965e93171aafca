import {
  contentDefinition,
  PostDecisionMade,
  ProfileUpdated,
  type ContentDefinition,
  type UserProfilePayload,
} from '@tip/platform';
import { memberProfile, startServiceHarness, waitFor, type ServiceHarness } from '@tip/platform/testing';
import type { PostApproval } from '../app/context.js';
import { AUTHORS_COLLECTION } from '../infra/author-directory.js';
import { startContentService, type RunningContentService } from '../service.js';

/** Content as the BFF sees it, for tests, with members made the way identity makes them known (its events). */
export interface ContentHarness extends ServiceHarness<ContentDefinition, RunningContentService> {
  /** Makes a member known to content (approved, male, not premium unless told otherwise) and returns its id. */
  member(overrides?: Partial<UserProfilePayload> & { premium?: boolean }): Promise<string>;
  /** What moderation does when an admin decides a waiting post (PostDecisionMade); resolves once content applied it. */
  decide(postId: string, status: 'approved' | 'rejected', reason?: string): Promise<void>;
}

export async function startContentHarness(options: { approval?: PostApproval } = {}): Promise<ContentHarness> {
  const harness = await startServiceHarness({
    name: 'content',
    definition: contentDefinition(),
    start: (runtime) => startContentService({ ...runtime, approval: options.approval ?? 'immediate' }),
  });
  const { documents, events } = harness;
  const authors = await documents.collection<{ _id: string; verificationStatus: string }>(AUTHORS_COLLECTION);
  const posts = await documents.collection<{ _id: string; status: string }>('posts');

  const helpers: Pick<ContentHarness, 'member' | 'decide'> = {
    async member({ premium = false, ...overrides } = {}) {
      const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString();
      const profile = memberProfile({
        ...(premium && { premiumSubscriptionExpiry: expiry, premiumSource: 'admin_grant' as const }),
        ...overrides,
      });
      const { userId } = profile;
      await events.publish(ProfileUpdated.topic, [ProfileUpdated.create(userId, profile, 'test')]);
      await waitFor(
        async () => (await authors.findOne({ _id: userId }))?.verificationStatus === profile.verificationStatus,
        5000,
        `content hearing of ${userId}`,
      );
      return userId;
    },
    async decide(postId, status, reason) {
      const decision = { postId, status, ...(reason ? { reason } : {}), adminId: 'moderator' };
      await events.publish(PostDecisionMade.topic, [PostDecisionMade.create(postId, decision, 'test')]);
      await waitFor(
        async () => (await posts.findOne({ _id: postId }))?.status === status,
        5000,
        `content applying the decision on ${postId}`,
      );
    },
  };
  return Object.assign(harness, helpers);
}
