import { randomUUID } from 'node:crypto';
import type { CallContext, ServiceHandlers } from '@tip/platform';
import type { ModerationDefinition } from '../contract/index.js';
import { auditLog } from '../app/audit.js';
import type { CallInfo, ModerationContext } from '../app/context.js';
import { exportMember } from '../app/export-member.js';
import { deleteFeedback, listFeedback, setFeedbackStatus, submitFeedback } from '../app/feedback.js';
import { decidePost, pendingPosts } from '../app/posts.js';
import { fileReport, listReports, updateReport } from '../app/reports.js';
import { stats } from '../app/stats.js';
import { decideVerification, pendingVerifications } from '../app/verifications.js';

const callInfo = (call: CallContext): CallInfo => ({ correlationId: call.requestId ?? randomUUID() });
const done = async (work: Promise<void>) => {
  await work;
  return {};
};

/** Maps each RPC to its use case; the use cases hold the rules. */
export function moderationHandlers(context: ModerationContext): ServiceHandlers<ModerationDefinition> {
  return {
    PendingVerifications: async () => ({ items: await pendingVerifications(context) }),
    DecideVerification: (request, call) => done(decideVerification(context, request, callInfo(call))),
    PendingPosts: async () => ({ items: await pendingPosts(context) }),
    DecidePost: (request, call) => done(decidePost(context, request, callInfo(call))),
    FileReport: (request, call) => fileReport(context, request, callInfo(call)),
    ListReports: async () => ({ groups: await listReports(context) }),
    UpdateReport: (request, call) => done(updateReport(context, request, callInfo(call))),
    SubmitFeedback: (request, call) => submitFeedback(context, request, callInfo(call)),
    ListFeedback: async () => ({ items: await listFeedback(context) }),
    SetFeedbackStatus: (request, call) => done(setFeedbackStatus(context, request, callInfo(call))),
    DeleteFeedback: (request, call) => done(deleteFeedback(context, request, callInfo(call))),
    Stats: () => stats(context),
    AuditLog: (request) => auditLog(context, request),
    ExportMember: (request) => exportMember(context, request.userId),
  };
}
