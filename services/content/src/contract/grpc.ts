import { loadProto, type CallerPolicy } from '@tip/platform';
import type { ProtoGrpcType } from '../generated/content.js';
import type { ContentDefinition } from '../generated/tip/content/v1/Content.js';

export type { ContentDefinition } from '../generated/tip/content/v1/Content.js';
export type { FeedItem__Output as ContentFeedItem } from '../generated/tip/content/v1/FeedItem.js';
export type { CommentItem__Output as ContentCommentItem } from '../generated/tip/content/v1/CommentItem.js';
export type { Charge__Output as ContentCharge } from '../generated/tip/content/v1/Charge.js';

export const CONTENT_SERVICE_NAME = 'tip.content.v1.Content';

/**
 * Who calls content besides the BFF: moderation, which learns of a post it has not heard of yet (its decisions reach
 * content as events). The NetworkPolicies admit the same.
 */
export const CONTENT_CALLERS: CallerPolicy = { GetPost: ['bff', 'moderation'] };

let definition: ContentDefinition | undefined;

/** The content service's gRPC definition, loaded from proto/content.proto once. */
export function contentDefinition(): ContentDefinition {
  definition ??= loadProto<ProtoGrpcType>('content.proto').tip.content.v1.Content.service;
  return definition;
}
