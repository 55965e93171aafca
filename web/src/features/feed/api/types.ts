import type { Post } from '@tip/bff/contract';
import type { Category } from '@/lib/rules';

export type PostCategory = Category;
/**
 * The categories a post belongs to (the sidebar's and the composer's): content's CATEGORIES, repeated here because
 * importing the domain's values would bring its zod schemas into the first page's bundle.
 */
export const POST_CATEGORIES = ['melanzana', 'patate', 'trending'] as const satisfies readonly Category[];

export type PostStatus = Post['status'];

/** A feed item and its parts, as the BFF's contract defines them (bff/src/contract/posts.ts). */
export type { CommentItem, FeedItem, Post, PostAuthor, PostComment } from '@tip/bff/contract';
/** What creating, reporting and deleting a post answer. */
export type { Done, PostCreated } from '@tip/bff/contract';
