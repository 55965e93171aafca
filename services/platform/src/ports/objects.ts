/** The objects port: media and verification photos (files under DATA_DIR/media, or MinIO). */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key lies under `folder/` ("profile/u1" takes "profile/u1/a.jpg", not "profile/u12/b.jpg"). */
  deleteUnder(folder: string): Promise<void>;
  close(): Promise<void>;
}
