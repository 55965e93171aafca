import { randomUUID } from 'node:crypto';
import type { CallContext, ServiceHandlers } from '@tip/platform';
import type { NotificationsDefinition } from '../contract/index.js';
import type { NotificationsContext } from '../app/context.js';
import { pushKey, subscribe, unsubscribe } from '../app/devices.js';
import { exportMember } from '../app/export-member.js';
import { preferencesOf, savePreferences } from '../app/preferences.js';
import { list, markRead, unreadCount } from '../app/read.js';

const correlationOf = (call: CallContext) => call.requestId ?? randomUUID();

/** Maps each RPC to its use case; the use cases hold the rules. */
export function notificationsHandlers(context: NotificationsContext): ServiceHandlers<NotificationsDefinition> {
  return {
    List: (request) => list(context, request),
    UnreadCount: (request) => unreadCount(context, request.userId),
    MarkRead: (request, call) => markRead(context, request, correlationOf(call)),
    ExportMember: (request) => exportMember(context, request.userId),
    GetPreferences: (request) => preferencesOf(context, request.userId),
    SetPreferences: (request) => savePreferences(context, request),
    PushKey: () => pushKey(context),
    Subscribe: (request) => subscribe(context, request),
    Unsubscribe: (request) => unsubscribe(context, request),
  };
}
