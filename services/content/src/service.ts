import { followEvents, on, startService, type RunningService, type ServiceRuntime } from '@tip/platform';
import { PostDecisionMade } from '@tip/moderation/contract';
import { BlockProjection } from '@tip/identity/contract';
import { CreditsDebited } from '@tip/wallet/contract';
import {
  MediaUploaded,
  CONTENT_POSTS_TOPIC,
  CONTENT_CALLERS,
  CONTENT_SERVICE_NAME,
  contentDefinition,
  type ContentDefinition,
} from './contract/index.js';
import { randomUUID } from 'node:crypto';
import type { ContentContext, PostApproval } from './app/context.js';
import type { MediaWorkerRole } from './config.js';
import { forgetMember } from './app/forget-member.js';
import { applyPostDecision } from './app/posts.js';
import { reportMediaQueue } from './app/media-queue.js';
import { processUploadedMedia } from './app/process-media.js';
import { grantPaid } from './app/purchases.js';
import { contentHandlers } from './grpc/handlers.js';
import { AuthorDirectory } from './infra/author-directory.js';
import { Engagement } from './infra/engagement.js';
import { projectIdentity } from './infra/identity-projection.js';
import { PostMediaStore } from './infra/post-media.js';
import { PostRepository } from './infra/post-repository.js';
import { dropEarlierBlocks } from './infra/earlier-blocks.js';
import { backfillRecentComments } from './infra/recent-comments-backfill.js';

export interface ContentServiceOptions extends ServiceRuntime {
  approval: PostApproval;
  /** The wallet, which takes what an unlock or a reveal costs; its token names `content` as the caller. */
  wallet: ContentContext['wallet'];
  /** Where videos are processed (MEDIA_WORKER): beside everything else (the default), elsewhere, or only here. */
  mediaWorker?: MediaWorkerRole;
}

export type RunningContentService = RunningService<ContentDefinition>;

/**
 * Starts content: its gRPC server, the outbox relay on `content.posts`, its projections of identity's users and blocks,
 * moderation's post decisions, the safety net of its paid actions on the wallet's debits, the backfill of earlier
 * posts' comment copies, and the media worker; or, by `mediaWorker`, all but the worker, or the worker alone.
 */
export async function startContentService(options: ContentServiceOptions): Promise<RunningContentService> {
  const { documents, events, objects, logger } = options;
  const [posts, authors, blocks, engagement] = await Promise.all([
    PostRepository.open(documents),
    AuthorDirectory.open(documents),
    BlockProjection.open(documents),
    Engagement.open(documents),
  ]);
  const context: ContentContext = {
    posts,
    authors,
    blocks,
    engagement,
    media: new PostMediaStore(objects),
    approval: options.approval,
    wallet: options.wallet,
    logger,
  };
  const role = options.mediaWorker ?? 'in-process';
  // What the API part of content follows; a media-worker-only process follows MediaUploaded alone.
  const apiConsumers = [
    () =>
      // A decision changes only a waiting post, so a repeat does nothing and needs no handled-event record.
      followEvents({
        events,
        group: 'content.post-decisions',
        logger,
        reactions: [
          on(PostDecisionMade, (decision, event) =>
            applyPostDecision(context, decision, { correlationId: event.correlationId }),
          ),
        ],
      }),
    () =>
      // A grant already recorded is left alone, so a repeat does nothing (and every paid action's debit comes by).
      followEvents({
        events,
        group: 'content.paid-grants',
        logger,
        reactions: [on(CreditsDebited, (debit, event) => grantPaid(context, debit, event.correlationId))],
      }),
    () =>
      // Blocks in a group of their own, which read identity's topic from its start when content began keeping
      // them in the shared projection: the pairs blocked before then are known too.
      followEvents({ events, group: 'content.blocks', logger, reactions: blocks.reactions() }),
    () =>
      projectIdentity({
        events,
        authors,
        logger,
        onUserDeleted: (userId) => forgetMember(context, userId, { correlationId: randomUUID() }),
      }),
  ];
  return startService({
    address: options.address,
    serviceTokenSecret: options.serviceTokenSecret,
    acceptedServiceTokenSecret: options.acceptedServiceTokenSecret,
    service: {
      name: CONTENT_SERVICE_NAME,
      definition: contentDefinition(),
      handlers: contentHandlers(context),
      callers: CONTENT_CALLERS,
    },
    events,
    logger,
    outboxes: [
      {
        collection: posts.collection,
        topic: CONTENT_POSTS_TOPIC,
        onEventsStored: (notify) => posts.onEventsStored(notify),
      },
    ],
    consumers: [
      ...(role === 'separate' ? [] : [() => followMediaUploads(context, options)]),
      ...(role === 'only' ? [] : apiConsumers),
    ],
    startupPasses:
      role === 'only'
        ? []
        : [
            {
              what: 'drop the copy of the blocks kept before the shared projection',
              run: () => dropEarlierBlocks(documents),
            },
            {
              what: "copy earlier posts' newest comments",
              run: (signal) => backfillRecentComments(posts, engagement, logger, signal),
            },
          ],
  });
}

/**
 * The media worker: each upload in turn (a consumer takes its events one after the other), a video processed by an
 * ffmpeg child niced below the requests this process serves. Its job ends with the post published or rejected, so a
 * repeated event finds nothing left to do. Its queue gauge is set as it starts, so that a worker started on a backlog
 * says so at once, not only once its first job (minutes of video) is done.
 */
export async function followMediaUploads(context: ContentContext, options: Pick<ServiceRuntime, 'events' | 'logger'>) {
  await reportMediaQueue(context);
  return followEvents({
    events: options.events,
    group: 'content.media-worker',
    logger: options.logger,
    reactions: [
      on(MediaUploaded, ({ postId }, event) =>
        processUploadedMedia(context, postId, { correlationId: event.correlationId }),
      ),
    ],
  });
}
