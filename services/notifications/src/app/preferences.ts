import { DomainError } from '@tip/platform';
import { preferencesProblem, type GroupSwitches, type NotificationPreferences } from '../domain/index.js';
import type { NotificationsContext } from './context.js';

/** The proto's Preferences as they come in: a field left out is absent. */
interface PreferencesInput {
  inApp?: Partial<GroupSwitches> | null;
  push?: Partial<GroupSwitches> | null;
  previews?: boolean;
  quietHours?: { from?: string; to?: string; timeZone?: string } | null;
}

const switches = (input: Partial<GroupSwitches> | null | undefined): GroupSwitches => ({
  messages: input?.messages ?? false,
  posts: input?.posts ?? false,
  decisions: input?.decisions ?? false,
  credits: input?.credits ?? false,
  queues: input?.queues ?? false,
});

/** What the member wants to be told, and where (the defaults until they save any). */
export function preferencesOf(context: NotificationsContext, userId: string): Promise<NotificationPreferences> {
  return context.preferences.of(userId);
}

/** Saves the whole of the member's preferences, once they make sense (preferences.ts); answers them as saved. */
export async function savePreferences(
  context: NotificationsContext,
  input: { userId: string; preferences?: PreferencesInput | null },
): Promise<NotificationPreferences> {
  if (!input.preferences) throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'preferences' });
  const { inApp, push, previews = false, quietHours } = input.preferences;
  const preferences: NotificationPreferences = {
    inApp: switches(inApp),
    push: switches(push),
    previews,
    quietHours: quietHours
      ? { from: quietHours.from ?? '', to: quietHours.to ?? '', timeZone: quietHours.timeZone ?? '' }
      : null,
  };
  const problem = preferencesProblem(preferences);
  if (problem) throw new DomainError('INVALID_ARGUMENT', problem, { field: 'quietHours' });
  await context.preferences.save(input.userId, preferences, new Date().toISOString());
  return preferences;
}
