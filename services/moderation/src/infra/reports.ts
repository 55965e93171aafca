import {
  outboxIndex,
  type DocumentStore,
  type EventEnvelope,
  type OutboxDocument,
  OutboxRepository,
} from '@tip/platform';
import { isOpenReport, REPORT_STATUSES, type ReportReason, type ReportStatus } from '../domain/index.js';
import { collectionName } from './repository.js';

export interface ReportDocument extends OutboxDocument {
  _id: string;
  postId: string;
  /** Null once the reporter deleted the account. */
  reporterId: string | null;
  /** `<post>:<reporter>` while the report is open: the unique index allows one open report per member and post. */
  openKey?: string;
  reason: ReportReason;
  description: string;
  status: ReportStatus;
  adminNotes: string;
  reviewerId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A report as a member files it (the repository keeps it unique while open). */
export type FiledReport = Omit<ReportDocument, 'reporterId' | 'openKey' | '_outbox'> & { reporterId: string };

/** How an admin moves a report. */
export interface ReportMove {
  status: ReportStatus;
  adminNotes: string;
  reviewerId: string;
  updatedAt: string;
}

const OPEN = { $in: REPORT_STATUSES.filter(isOpenReport) };

/**
 * Members' reports of posts, each change stored with its event. One open report per member and post: an open
 * report holds its `openKey` under a unique index, so of concurrent ones the first stored wins, and a resolved
 * report lets it go.
 */
export class Reports extends OutboxRepository<ReportDocument> {
  static async open(store: DocumentStore): Promise<Reports> {
    const reports = await store.collection<ReportDocument>(collectionName('reports'), [
      { fields: { postId: 1 } },
      { fields: { status: 1 } },
      { fields: { reporterId: 1 } },
      { fields: { openKey: 1 }, unique: true, sparse: true },
      outboxIndex,
    ]);
    return new Reports(reports);
  }

  /** Stores a new report with its events; false when the member has an open report of the post already. */
  file(report: FiledReport, events: EventEnvelope[]): Promise<boolean> {
    return this.insertWithEvents({ ...report, openKey: `${report.postId}:${report.reporterId}` }, events);
  }

  get(reportId: string): Promise<ReportDocument | null> {
    return this.collection.findOne({ _id: reportId });
  }

  /** These reports, those that exist. */
  getMany(reportIds: string[]): Promise<ReportDocument[]> {
    return reportIds.length > 0 ? this.collection.find({ _id: { $in: reportIds } }) : Promise.resolve([]);
  }

  /** Every report, oldest first. */
  all(): Promise<ReportDocument[]> {
    return this.collection.find({}, { sort: { createdAt: 1 } });
  }

  /** The post's reports still open (pending or in review). */
  openOn(postId: string): Promise<ReportDocument[]> {
    return this.collection.find({ postId, status: OPEN });
  }

  /** The reports a member filed, oldest first. */
  filedBy(reporterId: string): Promise<ReportDocument[]> {
    return this.collection.find({ reporterId }, { sort: { createdAt: 1 } });
  }

  /** How many posts have an open report: the console shows each post's reports as one item. */
  async countReportedPosts(): Promise<number> {
    const open = await this.collection.find({ status: OPEN });
    return new Set(open.map((report) => report.postId)).size;
  }

  /**
   * Moves the report with its events if it is still in the state it was read in (`report.status`); false when it
   * moved meanwhile. Resolved, it no longer keeps its member from reporting the post again.
   */
  async move(
    report: Pick<ReportDocument, '_id' | 'status'>,
    move: ReportMove,
    events: EventEnvelope[],
  ): Promise<boolean> {
    const { status, adminNotes, reviewerId, updatedAt } = move;
    const set = { status, adminNotes, reviewerId, updatedAt };
    const update = isOpenReport(status) ? { $set: set } : { $set: set, $unset: { openKey: '' } };
    return (await this.updateWithEvents(report._id, { status: report.status }, update, events)) !== null;
  }

  /** A deleted member's reports stay, about the post, without naming them or keeping their words. */
  async forgetReporter(reporterId: string): Promise<void> {
    await this.collection.updateMany(
      { reporterId },
      { $set: { reporterId: null, description: '' }, $unset: { openKey: '' } },
    );
  }
}
