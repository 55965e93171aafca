import { describe, expect, it } from '@jest/globals';
import { decisionSchema, feedbackSchema, groupStatus, mayMoveReport, reportSchema } from './index.js';

describe('report transitions', () => {
  it('go pending → in review → resolved, or pending → resolved; resolved is final', () => {
    expect(mayMoveReport('pending', 'in_review')).toBe(true);
    expect(mayMoveReport('pending', 'resolved')).toBe(true);
    expect(mayMoveReport('in_review', 'resolved')).toBe(true);
    expect(mayMoveReport('in_review', 'in_review')).toBe(false);
    expect(mayMoveReport('in_review', 'pending')).toBe(false);
    expect(mayMoveReport('resolved', 'in_review')).toBe(false);
    expect(mayMoveReport('resolved', 'resolved')).toBe(false);
  });

  it('give a post’s group the most urgent status of its reports', () => {
    expect(groupStatus(['resolved', 'pending', 'in_review'])).toBe('pending');
    expect(groupStatus(['resolved', 'in_review'])).toBe('in_review');
    expect(groupStatus(['resolved'])).toBe('resolved');
  });
});

describe('the forms', () => {
  it('need a reason to reject, and none to approve', () => {
    expect(decisionSchema.safeParse({ status: 'approved' }).success).toBe(true);
    expect(decisionSchema.safeParse({ status: 'rejected', reason: ' ' }).error?.issues[0]?.message).toBe(
      'validation.rejectionReasonRequired',
    );
    expect(decisionSchema.parse({ status: 'rejected', reason: ' Spam, Altro ' })).toEqual({
      status: 'rejected',
      reason: 'Spam, Altro',
    });
  });

  it('take a report with one of the six reasons and an optional description', () => {
    expect(reportSchema.safeParse({}).error?.issues[0]?.message).toBe('moderation.reportReasonRequired');
    expect(reportSchema.parse({ reason: 'copyright' })).toEqual({ reason: 'copyright', description: '' });
    expect(reportSchema.safeParse({ reason: 'spam', description: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('take feedback of type other by default, trimmed, up to 1000 characters', () => {
    expect(feedbackSchema.parse({ message: ' ok ' })).toEqual({ type: 'other', message: 'ok' });
    expect(feedbackSchema.safeParse({ message: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      'moderation.feedbackTooLong',
    );
  });
});
