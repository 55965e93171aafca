/** Small real images for upload tests (made once with sharp; identity decodes and re-encodes what it accepts). */
export { SAMPLE_JPEG as JPEG } from '../moderation/sample-photo.js';
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMQqfiAFTEMLQkA5+RfAe11ZGYAAAAASUVORK5CYII=',
  'base64',
);

/** `bytes` bytes that begin like a JPEG: refused for their size before anyone decodes them. */
export function oversizeJpeg(bytes: number): Buffer {
  const buffer = Buffer.alloc(bytes, 0);
  buffer.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return buffer;
}

/** A text file, whatever name it is uploaded under. */
export const TEXT_FILE = Buffer.from('this is not an image, whatever the .jpg name says\n');
