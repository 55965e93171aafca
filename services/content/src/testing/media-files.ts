import sharp from 'sharp';
import { crc32 } from 'node:zlib';

/** Real and broken media for upload tests. */
export async function jpegWithExif(width = 1600, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({ IFD0: { ImageDescription: 'GPS 45.4642N 9.1900E', Copyright: 'secret-camera-owner' } })
    .jpeg()
    .toBuffer();
}

export function pngImage(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes that claim a 20,000 x 20,000 image: a decompression bomb's header. */
export function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', Buffer.alloc(16)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of an MP4 (an ISO base media `ftyp` box), which is what the container check reads. */
export function mp4Video(bytes = 4096): Buffer {
  const video = Buffer.alloc(bytes, 0);
  video.set([0, 0, 0, 0x18], 0);
  video.write('ftypisom', 4, 'ascii');
  video.set([0, 0, 2, 0], 12);
  video.write('isommp41', 16, 'ascii');
  return video;
}

export const TEXT_FILE = Buffer.from('this is not an image, whatever the .jpg name says\n');
