import { loadProto } from '@tip/platform';
import type { ProtoGrpcType } from '../generated/moderation.js';
import type { ModerationDefinition } from '../generated/tip/moderation/v1/Moderation.js';

export type { ModerationDefinition } from '../generated/tip/moderation/v1/Moderation.js';
export type { AuditEntry__Output as ModerationAuditEntry } from '../generated/tip/moderation/v1/AuditEntry.js';

export const MODERATION_SERVICE_NAME = 'tip.moderation.v1.Moderation';

let definition: ModerationDefinition | undefined;

/** The moderation service's gRPC definition, loaded from proto/moderation.proto once. */
export function moderationDefinition(): ModerationDefinition {
  definition ??= loadProto<ProtoGrpcType>('moderation.proto').tip.moderation.v1.Moderation.service;
  return definition;
}
