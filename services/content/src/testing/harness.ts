import { ProfileUpdated, type UserProfilePayload } from '@tip/identity/contract';
import { PostDecisionMade } from '@tip/moderation/contract';
import { CONTENT_POSTS_TOPIC, contentDefinition, type ContentDefinition } from '../contract/index.js';
import { startServiceHarness, waitFor, type ServiceHarness } from '@tip/platform/testing';
import { memberProfile } from '@tip/identity/testing';
import { startWalletBeside, type WalletBeside } from '@tip/wallet/testing';
import type { PostApproval } from '../app/context.js';
import type { MediaWorkerRole } from '../config.js';
import { AUTHORS_COLLECTION } from '../infra/author-directory.js';
import { startContentService, type RunningContentService } from '../service.js';

/**
 * Content as the BFF sees it, for tests, with members made the way identity makes them known (its events), and the
 * real wallet beside it, where content charges unlocks and reveals.
 */
export interface ContentHarness extends ServiceHarness<ContentDefinition, RunningContentService> {
  wallet: WalletBeside;
  /**
   * Makes a member known to content (approved, male, not premium unless told otherwise), with `credits` in the wallet
   * (100 unless told), and returns its id.
   */
  member(overrides?: Partial<UserProfilePayload> & { premium?: boolean; credits?: number }): Promise<string>;
  /** What moderation does when an admin decides a waiting post (PostDecisionMade); resolves once content applied it. */
  decide(postId: string, status: 'approved' | 'rejected', reason?: string): Promise<void>;
  /** Resolves with the status a post's video left it in once the media worker is done with it. */
  processed(postId: string): Promise<string>;
}

export async function startContentHarness(
  options: { approval?: PostApproval; mediaWorker?: MediaWorkerRole } = {},
): Promise<ContentHarness> {
  let wallet: WalletBeside | undefined;
  const harness = await startServiceHarness({
    name: 'content',
    watch: [CONTENT_POSTS_TOPIC],
    definition: contentDefinition(),
    async start(runtime) {
      const beside = await startWalletBeside(runtime, 'content');
      wallet = beside;
      const approval = options.approval ?? 'immediate';
      const content = await startContentService({
        ...runtime,
        approval,
        wallet: beside.charges,
        ...(options.mediaWorker && { mediaWorker: options.mediaWorker }),
      });
      return { ...content, stop: () => content.stop().then(() => beside.stop()) };
    },
  });
  const { documents, events } = harness;
  const authors = await documents.collection<{ _id: string; verificationStatus: string }>(AUTHORS_COLLECTION);
  const posts = await documents.collection<{ _id: string; status: string }>('posts');

  const helpers: Pick<ContentHarness, 'member' | 'decide' | 'processed'> = {
    async member({ premium = false, credits = 100, ...overrides } = {}) {
      const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString();
      const profile = memberProfile({
        ...(premium && { premiumSubscriptionExpiry: expiry, premiumSource: 'admin_grant' as const }),
        ...overrides,
      });
      const { userId } = profile;
      if (credits > 0) await wallet?.fund(userId, credits);
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
    async processed(postId) {
      const statusOf = async () => (await posts.findOne({ _id: postId }))?.status;
      // Transcoding takes seconds per clip on a shared machine.
      await waitFor(async () => (await statusOf()) !== 'processing', 60_000, `the media worker on ${postId}`);
      return (await statusOf()) ?? 'gone';
    },
  };
  return Object.defineProperties(Object.assign(harness, helpers), {
    // The wallet of the current start: a restart starts another.
    wallet: { get: () => wallet, enumerable: true },
  }) as ContentHarness;
}

/** A composer's form as CreatePost takes it: a free post in trending with no media, changed where a test needs. */
export const postForm = (overrides: Record<string, unknown> = {}) => ({
  content: 'Ciao a tutti',
  category: 'trending',
  showProfileData: true,
  showTelegramUsername: false,
  isPremium: false,
  creditCost: 1,
  media: null,
  ...overrides,
});
