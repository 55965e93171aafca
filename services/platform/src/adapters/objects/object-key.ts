/**
 * Object keys are paths of plain segments ("posts/4f1c.jpg"). A segment cannot start with a dot, which rules out
 * "..", absolute paths and hidden names (the file store keeps its temporary files and metadata under hidden names).
 */
const OBJECT_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 512;

export function assertObjectKey(key: string): void {
  if (key.length > MAX_KEY_LENGTH || !OBJECT_KEY.test(key)) throw new TypeError(`invalid object key: ${key}`);
}

/** A MIME type such as "image/jpeg" (parameters allowed). */
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/;

export function assertContentType(contentType: string): void {
  if (!CONTENT_TYPE.test(contentType)) throw new TypeError(`invalid content type: ${contentType}`);
}
