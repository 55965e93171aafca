import { upsert, type Collection, type DocumentStore } from '@tip/platform';
import { DEFAULT_PREFERENCES, type NotificationPreferences } from '../domain/index.js';
import { collectionName } from './collections.js';

/** A member's preferences, by their id; a member who never saved any has none (DEFAULT_PREFERENCES apply). */
export interface PreferencesDocument extends NotificationPreferences {
  _id: string;
  updatedAt: string;
}

/** What each member wants to be told, and where. */
export class PreferenceStore {
  private constructor(private readonly preferences: Collection<PreferencesDocument>) {}

  static async open(store: DocumentStore): Promise<PreferenceStore> {
    return new PreferenceStore(await store.collection<PreferencesDocument>(collectionName('preferences')));
  }

  /** The member's preferences, the defaults for a member who saved none. */
  async of(userId: string): Promise<NotificationPreferences> {
    const saved = await this.preferences.findOne({ _id: userId });
    if (!saved) return DEFAULT_PREFERENCES;
    const { inApp, push, previews, quietHours } = saved;
    return { inApp, push, previews, quietHours };
  }

  /** Saves the whole of the member's preferences (the last write wins). */
  async save(userId: string, preferences: NotificationPreferences, at: string): Promise<void> {
    const fields = { ...preferences, updatedAt: at };
    await upsert(this.preferences, userId, fields, () => ({ _id: userId, ...fields }));
  }

  /** When the member last saved them, for their export; null if never. */
  async savedAt(userId: string): Promise<string | null> {
    return (await this.preferences.findOne({ _id: userId }))?.updatedAt ?? null;
  }

  /** Erasure. */
  async remove(userId: string): Promise<void> {
    await this.preferences.deleteOne({ _id: userId });
  }
}
