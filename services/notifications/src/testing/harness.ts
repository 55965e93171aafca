import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { createLogger, type EventDefinition, type ServiceRuntime } from '@tip/platform';
import { startServiceHarness, waitFor, type ServiceHarness } from '@tip/platform/testing';
import { PostCreated } from '@tip/content/contract';
import { ProfileUpdated, type UserProfilePayload } from '@tip/identity/contract';
import { memberProfile } from '@tip/identity/testing';
import {
  NOTIFICATIONS_MEMBERS_TOPIC,
  notificationsDefinition,
  type NotificationsDefinition,
} from '../contract/index.js';
import { collectionName } from '../infra/collections.js';
import type { PushOptions } from '../infra/pushing.js';
import { startNotificationsService, type RunningNotificationsService } from '../service.js';

/** The consumer group notifications hears the other services in (consumers.ts). */
const GROUP = 'notifications.events';

/** How often the harness's notifications sweeps for premium's moments: tests wait for them, not for a minute. */
const PREMIUM_SWEEP_INTERVAL_MS = 20;

/**
 * Notifications as the BFF sees it, for tests: the other services are their events, published on the harness's log
 * as they would publish them, and what notifications publishes is watched.
 */
export interface NotificationsHarness extends ServiceHarness<NotificationsDefinition, RunningNotificationsService> {
  /** Makes a member known the way identity does (its events) and returns its id. */
  member(overrides?: Partial<UserProfilePayload>): Promise<string>;
  /** A post of `authorId`, as content announces it; returns its id. */
  post(authorId: string): Promise<string>;
  /**
   * Publishes an event as its owner would (keyed by `key`); `occurredAt` backdates it. Answers it, as published.
   */
  publish<S extends z.ZodType>(
    definition: EventDefinition<S>,
    key: string,
    payload: z.input<S>,
    options?: { occurredAt?: string },
  ): Promise<{ id: string }>;
  /** Resolves once notifications has handled every event published so far, on every topic it follows. */
  settled(): Promise<void>;
  /** The clock notifications plans and sweeps premium's moments by: the real time, moved on by `advance`. */
  clock: { now(): Date; advance(ms: number): void };
  /**
   * Another notifications process on the same stores, as a second replica would be, by its own clock: stop it
   * before the harness.
   */
  replica(now: () => Date): Promise<RunningNotificationsService>;
}

/** `push`: how it reaches devices (a push service stand-in's agent, the hold of a message). */
export async function startNotificationsHarness(push: PushOptions = {}): Promise<NotificationsHarness> {
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs), advance: (ms: number) => void (offsetMs += ms) };
  const start = (runtime: Omit<ServiceRuntime, 'objects'>, now: () => Date) =>
    startNotificationsService({ ...runtime, ...push, now, premiumSweepIntervalMs: PREMIUM_SWEEP_INTERVAL_MS });
  const harness = await startServiceHarness({
    name: 'notifications',
    definition: notificationsDefinition(),
    watch: [NOTIFICATIONS_MEMBERS_TOPIC],
    start: (runtime) => start(runtime, clock.now),
  });
  // Looked up at each use: a restart opens the engines anew.
  const collection = <T extends { _id: string }>(name: string) => harness.documents.collection<T>(collectionName(name));
  const helpers: Pick<NotificationsHarness, 'member' | 'post' | 'publish' | 'settled' | 'clock' | 'replica'> = {
    clock,
    replica: (now) =>
      start(
        {
          address: '127.0.0.1:0',
          serviceTokenSecret: randomUUID(),
          documents: harness.documents,
          events: harness.events,
          logger: createLogger('notifications-replica-test', process.env.TEST_LOG_LEVEL ?? 'silent'),
        },
        now,
      ),
    async member(overrides = {}) {
      const profile = memberProfile(overrides);
      await helpers.publish(ProfileUpdated, profile.userId, profile);
      const members = await collection<{ _id: string; isAdmin: boolean }>('members');
      await waitFor(
        async () => (await members.findOne({ _id: profile.userId }))?.isAdmin === profile.isAdmin,
        5000,
        `notifications hearing of ${profile.userId}`,
      );
      return profile.userId;
    },
    async post(authorId) {
      const postId = randomUUID();
      await helpers.publish(PostCreated, postId, {
        postId,
        authorId,
        category: 'trending',
        status: 'approved',
        isPremium: false,
        hasMedia: false,
        createdAt: new Date().toISOString(),
      });
      const posts = await collection<{ _id: string }>('posts');
      await waitFor(
        async () => (await posts.findOne({ _id: postId })) !== null,
        5000,
        `notifications hearing of ${postId}`,
      );
      return postId;
    },
    async publish(definition, key, payload, options = {}) {
      const event = definition.create(key, payload, 'test');
      const published = options.occurredAt ? { ...event, occurredAt: options.occurredAt } : event;
      await harness.events.publish(definition.topic, [published]);
      return { id: published.id };
    },
    async settled() {
      await waitFor(
        async () => {
          const lags = (await harness.events.lag()).filter((lag) => lag.group === GROUP);
          return lags.length > 0 && lags.every((lag) => lag.events === 0);
        },
        5000,
        'notifications to handle every event',
      );
    },
  };
  return Object.assign(harness, helpers);
}
