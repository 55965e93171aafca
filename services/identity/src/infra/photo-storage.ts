import type { Logger, ObjectStore, StoredObject } from '@tip/platform';
import { randomUUID } from 'node:crypto';
import type { PhotoKind } from '../domain/index.js';
import type { ProcessedImage } from './image-processing.js';

const PHOTO_KINDS: PhotoKind[] = ['profile', 'verification'];

/**
 * Photos on the objects port, each under a fresh key (`<kind>/<userId>/<uuid>.<ext>`), so a replaced photo never
 * overwrites the one a cached page still shows, and an aborted change leaves the stored one intact. Nothing here is
 * public: the BFF serves photos through GetPhoto, which decides who may see them.
 */
export class PhotoStorage {
  constructor(
    private readonly objects: ObjectStore,
    private readonly logger: Logger,
  ) {}

  async store(kind: PhotoKind, userId: string, image: ProcessedImage): Promise<string> {
    const key = `${kind}/${userId}/${randomUUID()}.${image.extension}`;
    await this.objects.put(key, image.body, image.contentType);
    return key;
  }

  get(key: string): Promise<StoredObject | null> {
    return this.objects.get(key);
  }

  /** Removes photos no longer referenced. A failure only leaves an orphan file, so it is logged, not thrown. */
  async discard(...keys: (string | undefined)[]): Promise<void> {
    await Promise.all(
      keys.map(async (key) => {
        if (!key) return;
        try {
          await this.objects.delete(key);
        } catch (error) {
          this.logger.warn({ err: error, key }, 'could not delete a photo');
        }
      }),
    );
  }

  /**
   * For account deletion: every photo ever stored for the user, also those no document points at any more (a crash
   * between storing a photo and the write that replaced it, a discard that failed). A failure here must stop the
   * deletion, so that it can be retried.
   */
  async eraseAll(userId: string): Promise<void> {
    await Promise.all(PHOTO_KINDS.map((kind) => this.objects.deleteUnder(`${kind}/${userId}`)));
  }
}
