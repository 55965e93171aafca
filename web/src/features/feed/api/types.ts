import type { Post } from '@tip/bff/contract';
import type { Category } from '@/lib/rules';

export type PostCategory = Category;

export type PostStatus = Post['status'];

/** A feed item and its parts, as the BFF's contract defines them (bff/src/contract/posts.ts). */
export type { CommentItem, FeedItem, Post, PostAuthor, PostComment } from '@tip/bff/contract';
/** What creating, reporting and deleting a post answer. */
export type { Done, PostCreated } from '@tip/bff/contract';
