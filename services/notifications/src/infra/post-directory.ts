import { upsert, type Collection, type DocumentStore } from '@tip/platform';
import { collectionName } from './collections.js';

interface PostDocument {
  _id: string;
  authorId: string;
}

/** Whose each post is, from content's PostCreated: likes, comments and unlocks name the post only. */
export class PostDirectory {
  private constructor(private readonly posts: Collection<PostDocument>) {}

  static async open(store: DocumentStore): Promise<PostDirectory> {
    return new PostDirectory(
      await store.collection<PostDocument>(collectionName('posts'), [{ fields: { authorId: 1 } }]),
    );
  }

  async authorOf(postId: string): Promise<string | null> {
    return (await this.posts.findOne({ _id: postId }))?.authorId ?? null;
  }

  async learn(postId: string, authorId: string): Promise<void> {
    await upsert(this.posts, postId, { authorId }, () => ({ _id: postId, authorId }));
  }

  async forget(postId: string): Promise<void> {
    await this.posts.deleteOne({ _id: postId });
  }

  /** Erasure: which posts the member wrote goes with them. */
  async forgetBy(authorId: string): Promise<void> {
    await this.posts.deleteMany({ authorId });
  }
}
