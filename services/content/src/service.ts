import {
  CONTENT_POSTS_TOPIC,
  CONTENT_SERVICE_NAME,
  contentDefinition,
  startGrpcServer,
  startOutboxRelay,
  StopStack,
  type DocumentStore,
  type EventBus,
  type Logger,
  type ObjectStore,
} from '@tip/platform';
import { randomUUID } from 'node:crypto';
import type { ContentContext, PostApproval } from './app/context.js';
import { forgetMember } from './app/forget-member.js';
import { contentHandlers } from './grpc/handlers.js';
import { AuthorDirectory } from './infra/author-directory.js';
import { BlockProjection } from './infra/block-projection.js';
import { Engagement } from './infra/engagement.js';
import { projectIdentity } from './infra/identity-projection.js';
import { PostMediaStore } from './infra/post-media.js';
import { PostRepository } from './infra/post-repository.js';

export interface ContentServiceOptions {
  /** host:port to listen on; port 0 picks a free one. */
  address: string;
  documents: DocumentStore;
  events: EventBus;
  objects: ObjectStore;
  logger: Logger;
  approval: PostApproval;
}

export interface RunningContentService {
  address: string;
  /** Lets calls in flight finish, then stops the consumer and the relay. The adapters stay open. */
  stop(): Promise<void>;
}

/** Starts content: its gRPC server, the outbox relay on `content.posts`, and its projection of identity's users. */
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
    logger,
  };
  const stops = new StopStack();
  const relay = startOutboxRelay({ collection: posts.collection, bus: events, topic: CONTENT_POSTS_TOPIC, logger });
  posts.onEventsStored((postId) => relay.notify(postId));
  stops.defer(() => relay.stop());

  try {
    const projection = await projectIdentity({
      events,
      authors,
      blocks,
      logger,
      onUserDeleted: (userId) => forgetMember(context, userId, { correlationId: randomUUID() }),
    });
    stops.defer(() => projection.stop());
    const server = await startGrpcServer({
      address: options.address,
      service: { name: CONTENT_SERVICE_NAME, definition: contentDefinition(), handlers: contentHandlers(context) },
      logger,
    });
    stops.defer(() => server.stop());
    return { address: server.address, stop: () => stops.stopAll() };
  } catch (error) {
    await stops
      .stopAll()
      .catch((stopError: unknown) => logger.error({ err: stopError }, 'could not stop after a failed start'));
    throw error;
  }
}
