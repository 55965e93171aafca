import { counter } from '@tip/platform';

/** Admins' decisions, by what they were about (verification, post) and what they decided. */
export const decisionsMade = counter('tip_moderation_decisions_total', 'Admins’ decisions, by subject and status', [
  'subject',
  'status',
]);

/** Reports members filed. */
export const reportsFiled = counter('tip_reports_filed_total', 'Reports members filed');
