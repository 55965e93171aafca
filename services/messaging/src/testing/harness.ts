import {
  messagingDefinition,
  MESSAGING_MESSAGES_TOPIC,
  ProfileUpdated,
  type MessagingDefinition,
  type UserProfilePayload,
} from '@tip/platform';
import { memberProfile, startServiceHarness, waitFor, type ServiceHarness } from '@tip/platform/testing';
import { startMessagingService, type RunningMessagingService } from '../service.js';

/** Messaging as the BFF sees it, for tests, with members made known the way identity does (its events). */
export interface MessagingHarness extends ServiceHarness<MessagingDefinition, RunningMessagingService> {
  member(overrides?: Partial<UserProfilePayload>): Promise<string>;
}

export async function startMessagingHarness(): Promise<MessagingHarness> {
  const harness = await startServiceHarness({
    name: 'messaging',
    definition: messagingDefinition(),
    watch: [MESSAGING_MESSAGES_TOPIC],
    start: startMessagingService,
  });
  const known = await harness.documents.collection<{ _id: string; verificationStatus: string }>('members');
  const helpers: Pick<MessagingHarness, 'member'> = {
    async member(overrides = {}) {
      const profile = memberProfile(overrides);
      await harness.events.publish(ProfileUpdated.topic, [ProfileUpdated.create(profile.userId, profile, 'test')]);
      await waitFor(
        async () => (await known.findOne({ _id: profile.userId }))?.verificationStatus === profile.verificationStatus,
        5000,
        `messaging hearing of ${profile.userId}`,
      );
      return profile.userId;
    },
  };
  return Object.assign(harness, helpers);
}
