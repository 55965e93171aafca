import { loadProto, type CallerPolicy } from '@tip/platform';
import type { ProtoGrpcType } from '../generated/notifications.js';
import type { NotificationsDefinition } from '../generated/tip/notifications/v1/Notifications.js';

export type { NotificationsDefinition } from '../generated/tip/notifications/v1/Notifications.js';
export type { Notification__Output as NotificationView } from '../generated/tip/notifications/v1/Notification.js';
export type { Preferences__Output as PreferencesView } from '../generated/tip/notifications/v1/Preferences.js';

export const NOTIFICATIONS_SERVICE_NAME = 'tip.notifications.v1.Notifications';

/**
 * The BFF alone calls notifications, for the signed-in member: no service asks it anything (they tell it by their
 * events). Named for every method, so that a caller added later is a visible change here and in the NetworkPolicies.
 */
export const NOTIFICATIONS_CALLERS: CallerPolicy = {
  List: ['bff'],
  UnreadCount: ['bff'],
  MarkRead: ['bff'],
  ExportMember: ['bff'],
  GetPreferences: ['bff'],
  SetPreferences: ['bff'],
  PushKey: ['bff'],
  Subscribe: ['bff'],
  Unsubscribe: ['bff'],
};

let definition: NotificationsDefinition | undefined;

/** The notifications service's gRPC definition, loaded from proto/notifications.proto once. */
export function notificationsDefinition(): NotificationsDefinition {
  definition ??= loadProto<ProtoGrpcType>('notifications.proto').tip.notifications.v1.Notifications.service;
  return definition;
}
