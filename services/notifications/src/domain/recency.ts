/**
 * How old an event may be and still make a notification: a week, as long as a consumer group remembers the events it
 * handled (the platform's HANDLED_EVENTS_KEPT_MS). An older event that comes by again (a replayed group) would
 * otherwise notify twice; and a new deployment, reading each topic from its start to learn posts and members, tells
 * no one about last year's likes.
 */
export const NOTIFY_WITHIN_MS = 7 * 24 * 60 * 60_000;

/** Whether an event that happened at `occurredAt` is news at `now`. */
export function isNews(occurredAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(occurredAt) <= NOTIFY_WITHIN_MS;
}
