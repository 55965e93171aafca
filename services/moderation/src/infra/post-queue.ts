import {
  outboxIndex,
  upsert,
  type DocumentStore,
  type EventEnvelope,
  type OutboxDocument,
  OutboxRepository,
} from '@tip/platform';
import type { Decision } from '../domain/index.js';
import { collectionName } from './repository.js';

/** A post as content's events tell it: its place in the approval queue, and whether it exists. */
export interface PostDocument extends OutboxDocument {
  _id: string;
  authorId: string;
  category: string;
  status: string;
  createdAt: string;
  deleted: boolean;
}

/** What every event of content's about a post says of it. */
export interface NamedPost {
  postId: string;
  authorId: string;
  category: string;
}

/** A post as content describes it: its PostCreated, or its answer when moderation asks. */
export interface DescribedPost extends NamedPost {
  status: string;
  createdAt: string;
}

const newPost = ({ postId, authorId, category }: NamedPost): PostDocument => ({
  _id: postId,
  authorId,
  category,
  status: 'pending',
  createdAt: new Date(0).toISOString(),
  deleted: false,
});

const WAITING = { status: 'pending', deleted: false };

/**
 * The post queue: the posts content's events tell of (how many exist, which wait for approval), and the decisions
 * taken here, each stored with its PostDecisionMade. Every write from an event sets what the event says, so a
 * repeated one changes nothing.
 */
export class PostQueue extends OutboxRepository<PostDocument> {
  static async open(store: DocumentStore): Promise<PostQueue> {
    const posts = await store.collection<PostDocument>(collectionName('posts'), [
      { fields: { status: 1 } },
      // A member's data export: the decisions about their posts.
      { fields: { authorId: 1 } },
      outboxIndex,
    ]);
    return new PostQueue(posts);
  }

  /** The post, unless deleted or not heard of. */
  get(postId: string): Promise<PostDocument | null> {
    return this.collection.findOne({ _id: postId, deleted: false });
  }

  /** Posts waiting for approval, oldest first. */
  waiting(): Promise<PostDocument[]> {
    return this.collection.find(WAITING, { sort: { createdAt: 1 } });
  }

  /** The ids of every post the member wrote, deleted ones too. */
  async idsBy(authorId: string): Promise<string[]> {
    return (await this.collection.find({ authorId })).map((post) => post._id);
  }

  countExisting(): Promise<number> {
    return this.collection.count({ deleted: false });
  }

  countWaiting(): Promise<number> {
    return this.collection.count(WAITING);
  }

  /** Takes in a post as content describes it. */
  learn(post: DescribedPost): Promise<void> {
    const { status, createdAt } = post;
    return upsert(this.collection, post.postId, { status, createdAt }, () => newPost(post));
  }

  /** Stores `events` to go out if the post waits for approval now; nothing otherwise. */
  async tellIfWaiting(postId: string, events: EventEnvelope[]): Promise<void> {
    await this.updateWithEvents(postId, WAITING, {}, events);
  }

  /** Content applied a decision (this console's or another's). */
  statusChanged(post: NamedPost, status: string): Promise<void> {
    return upsert(this.collection, post.postId, { status }, () => newPost(post));
  }

  /** The post was deleted: out of the queue and the counts for good, with `events` to tell it. */
  markDeleted(post: NamedPost, events: EventEnvelope[]): Promise<void> {
    return this.upsertWithEvents(post.postId, { deleted: true }, () => newPost(post), events);
  }

  /**
   * Records a decision with its events if the post still waits for one: of two admins deciding at once, only one
   * finds it waiting. False when it did not (decided already, or deleted).
   */
  async decide(postId: string, status: Decision['status'], events: EventEnvelope[]): Promise<boolean> {
    return (await this.updateWithEvents(postId, WAITING, { $set: { status } }, events)) !== null;
  }
}
