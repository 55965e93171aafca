import { randomUUID } from 'node:crypto';
import type { CallContext, ServiceHandlers } from '@tip/platform';
import type { IdentityDefinition } from '../contract/index.js';
import type { IdentityContext } from '../app/context.js';
import { changePassword } from '../app/password-change.js';
import { endOtherSessions, endSession, listSessions, startSession, touchSession } from '../app/sessions.js';
import { toProtoUser } from './to-proto.js';

type SessionRpcs =
  'StartSession' | 'TouchSession' | 'ListSessions' | 'EndSession' | 'EndOtherSessions' | 'ChangePassword';

const callInfo = (call: CallContext) => ({ correlationId: call.requestId ?? randomUUID() });

/** The sessions' RPCs, and the password change that ends the others: proto in, proto out; app/ holds the rules. */
export function sessionHandlers(context: IdentityContext): Pick<ServiceHandlers<IdentityDefinition>, SessionRpcs> {
  return {
    StartSession: (request, call) => startSession(context, request, callInfo(call)),
    async TouchSession(request) {
      return { live: await touchSession(context, request.userId, request.sessionId) };
    },
    async ListSessions(request) {
      return { sessions: await listSessions(context, request.userId) };
    },
    async EndSession(request, call) {
      await endSession(context, request.userId, request.sessionId, callInfo(call));
      return {};
    },
    async EndOtherSessions(request, call) {
      const sessionIds = await endOtherSessions(context, request.userId, request.sessionId, callInfo(call));
      return { count: sessionIds.length, sessionIds };
    },
    async ChangePassword(request, call) {
      const { user, endedSessionIds } = await changePassword(context, request, callInfo(call));
      return { user: toProtoUser(user), endedSessionIds };
    },
  };
}
