import { randomUUID } from 'node:crypto';
import { DomainError, parseInput } from '@tip/platform';
import { ReportFiled, ReportUpdated } from '../contract/index.js';
import { groupStatus, mayMoveReport, reportSchema, reportUpdateSchema } from '../domain/index.js';
import type { FiledReport, ReportDocument } from '../infra/reports.js';
import type { CallInfo, ModerationContext } from './context.js';
import { reportsFiled } from './figures.js';

/**
 * A member reports someone else's post (the BFF read its author from content). One open report per member and
 * post: of concurrent ones, the repository stores one.
 */
export async function fileReport(
  context: ModerationContext,
  input: { postId: string; postAuthorId: string; reporterId: string; reason: string; description: string },
  call: CallInfo,
): Promise<{ reportId: string }> {
  const { reason, description } = parseInput(reportSchema, input);
  if (input.reporterId === input.postAuthorId) throw new DomainError('FAILED_PRECONDITION', 'moderation.ownPost');
  const now = new Date().toISOString();
  const report: FiledReport = {
    _id: randomUUID(),
    postId: input.postId,
    reporterId: input.reporterId,
    reason,
    description,
    status: 'pending',
    adminNotes: '',
    reviewerId: null,
    createdAt: now,
    updatedAt: now,
  };
  const filed = ReportFiled.create(
    report.postId,
    { reportId: report._id, postId: report.postId, reporterId: input.reporterId, reason, filedAt: now },
    call.correlationId,
  );
  if (!(await context.reports.file(report, [filed])))
    throw new DomainError('ALREADY_EXISTS', 'moderation.alreadyReported');
  reportsFiled.inc();
  return { reportId: report._id };
}

const reportView = (report: ReportDocument) => ({
  id: report._id,
  postId: report.postId,
  reporterId: report.reporterId ?? '',
  reason: report.reason,
  description: report.description,
  status: report.status,
  adminNotes: report.adminNotes,
  reviewerId: report.reviewerId ?? '',
  createdAt: report.createdAt,
  updatedAt: report.updatedAt,
});

/** Reports grouped by post (one item per post, every reporter's reason), the most recent activity first. */
export async function listReports(context: ModerationContext) {
  const reports = await context.reports.all();
  const byPost = new Map<string, ReportDocument[]>();
  for (const report of reports) byPost.set(report.postId, [...(byPost.get(report.postId) ?? []), report]);
  const groups = [...byPost].map(([postId, group]) => ({
    postId,
    status: groupStatus(group.map((report) => report.status)),
    reports: group.map(reportView),
    lastReportedAt: group.reduce((latest, report) => (report.updatedAt > latest ? report.updatedAt : latest), ''),
  }));
  return groups.sort((a, b) => b.lastReportedAt.localeCompare(a.lastReportedAt));
}

/**
 * An admin moves a report, and with it every open report of the same post (they are one item in the console):
 * 'Prendi in Carico' records who took it. Each report moves only from the state it was read in.
 */
export async function updateReport(
  context: ModerationContext,
  input: { reportId: string; status: string; adminNotes: string; adminId: string },
  call: CallInfo,
): Promise<void> {
  const { status, adminNotes } = parseInput(reportUpdateSchema, input);
  const { reports } = context;
  const report = await reports.get(input.reportId);
  if (!report) throw new DomainError('NOT_FOUND', 'moderation.reportNotFound');
  const open = await reports.openOn(report.postId);
  const movable = open.filter((candidate) => mayMoveReport(candidate.status, status));
  if (movable.length === 0) {
    const key = open.length === 0 ? 'moderation.reportResolved' : 'moderation.reportTransition';
    throw new DomainError('FAILED_PRECONDITION', key);
  }
  const now = new Date().toISOString();
  for (const moved of movable) {
    const updated = ReportUpdated.create(
      moved.postId,
      { reportId: moved._id, postId: moved.postId, status, adminNotes, adminId: input.adminId },
      call.correlationId,
    );
    await reports.move(moved, { status, adminNotes, reviewerId: input.adminId, updatedAt: now }, [updated]);
  }
}
