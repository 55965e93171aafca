import { loadProto, type CallerPolicy } from '@tip/platform';
import type { ProtoGrpcType } from '../generated/messaging.js';
import type { MessagingDefinition } from '../generated/tip/messaging/v1/Messaging.js';

export type { MessagingDefinition } from '../generated/tip/messaging/v1/Messaging.js';
export type { MessageView__Output as MessagingMessage } from '../generated/tip/messaging/v1/MessageView.js';

export const MESSAGING_SERVICE_NAME = 'tip.messaging.v1.Messaging';

/** The BFF calls every method but Preview, which only notifications calls (a member's lock screen preview). */
export const MESSAGING_CALLERS: CallerPolicy = { Preview: ['notifications'] };

let definition: MessagingDefinition | undefined;

/** The messaging service's gRPC definition, loaded from proto/messaging.proto once. */
export function messagingDefinition(): MessagingDefinition {
  definition ??= loadProto<ProtoGrpcType>('messaging.proto').tip.messaging.v1.Messaging.service;
  return definition;
}
