import { randomUUID } from 'node:crypto';
import type { CallContext, ServiceHandlers } from '@tip/platform';
import type { MessagingDefinition } from '../contract/index.js';
import type { CallInfo, MessagingContext } from '../app/context.js';
import { exportMember } from '../app/export-member.js';
import { conversations, markRead, preview, thread, unreadCount } from '../app/read.js';
import { send } from '../app/send.js';

const callInfo = (call: CallContext): CallInfo => ({ correlationId: call.requestId ?? randomUUID() });

/** Maps each RPC to its use case; the use cases hold the rules. */
export function messagingHandlers(context: MessagingContext): ServiceHandlers<MessagingDefinition> {
  return {
    Send: (request, call) => send(context, request, callInfo(call)),
    Conversations: (request) => conversations(context, request.userId),
    Thread: (request) => thread(context, request),
    MarkRead: (request, call) => markRead(context, request, callInfo(call)),
    UnreadCount: (request) => unreadCount(context, request.userId),
    ExportMember: (request) => exportMember(context, request.userId),
    Preview: (request) => preview(context, request),
    AwaitBlock: async (request) => ({ applied: await context.blocks.awaitState(request) }),
  };
}
