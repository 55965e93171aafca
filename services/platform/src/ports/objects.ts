/** The objects port: media and verification photos (files under DATA_DIR/media, or MinIO). */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/** A part of an object: `body` holds only the bytes asked for, `totalSize` is the whole object's. */
export interface StoredRange extends StoredObject {
  totalSize: number;
}

export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /**
   * At most `length` bytes from `offset`, read from the engine as a range (a video's part is never the whole video
   * read then sliced); fewer at the object's end, none from beyond it. Null for a key that was never put.
   */
  getRange(key: string, offset: number, length: number): Promise<StoredRange | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key lies under `folder/` ("profile/u1" takes "profile/u1/a.jpg", not "profile/u12/b.jpg"). */
  deleteUnder(folder: string): Promise<void>;
  close(): Promise<void>;
}
