import { loadProto, type CallerPolicy, type ClientStreaming } from '@tip/platform';
import type { ProtoGrpcType } from '../generated/content.js';
import type { ContentDefinition as GeneratedContent } from '../generated/tip/content/v1/Content.js';

/** The generated definition, with the upload in chunks marked as streamed by its caller, as the proto declares it. */
export type ContentDefinition = GeneratedContent & {
  CreatePostUpload: ClientStreaming<GeneratedContent['CreatePostUpload']>;
};
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
  // The loaded definition says requestStream: true for CreatePostUpload, as the type does.
  definition ??= loadProto<ProtoGrpcType>('content.proto').tip.content.v1.Content.service as ContentDefinition;
  return definition;
}
