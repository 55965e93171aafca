import sharp from 'sharp';

/** Real images for upload tests, made by sharp. */
export async function jpegPhoto(
  options: { width?: number; height?: number; orientation?: number; exifComment?: string } = {},
): Promise<Buffer> {
  const { width = 64, height = 48 } = options;
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  if (options.exifComment) image = image.withExif({ IFD0: { ImageDescription: options.exifComment } });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.jpeg().toBuffer();
}

export function pngPhoto(width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();
}

export function gifPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#00ff00' } })
    .gif()
    .toBuffer();
}

export function webpPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#ff0000' } })
    .webp()
    .toBuffer();
}

/** A file of `bytes` bytes that starts like a JPEG: big enough to be refused before anyone decodes it. */
export function oversizeJpeg(bytes: number): Buffer {
  const buffer = Buffer.alloc(bytes, 0);
  buffer.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return buffer;
}

/** A text file, whatever name it is uploaded under. */
export const TEXT_FILE = Buffer.from('this is not an image, whatever the .jpg name says\n');
