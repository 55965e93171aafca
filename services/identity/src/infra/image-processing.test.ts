import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@tip/platform';
import sharp from 'sharp';
import { UPLOAD_RULES } from '../domain/index.js';
import { gifPhoto, jpegPhoto, oversizeJpeg, pngPhoto, TEXT_FILE, webpPhoto } from '../testing/images.js';
import { processImage } from './image-processing.js';

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('processImage', () => {
  const rule = UPLOAD_RULES.registration;

  it('re-encodes JPEG, PNG, GIF and WebP', async () => {
    for (const input of [await jpegPhoto(), await pngPhoto(), await gifPhoto(), await webpPhoto()]) {
      const output = await processImage(input, rule, 'jpeg');
      expect(output.contentType).toBe('image/jpeg');
      expect((await sharp(output.body).metadata()).format).toBe('jpeg');
    }
    const webp = await processImage(await pngPhoto(), UPLOAD_RULES.profileImage, 'webp');
    expect(webp).toMatchObject({ contentType: 'image/webp', extension: 'webp' });
    expect((await sharp(webp.body).metadata()).format).toBe('webp');
  });

  it('turns the picture upright and drops its metadata', async () => {
    const input = await jpegPhoto({ width: 64, height: 48, orientation: 6, exifComment: 'GPS 41.9N 12.5E' });
    expect(input.includes('GPS 41.9N')).toBe(true);
    const output = await processImage(input, rule, 'jpeg');
    const metadata = await sharp(output.body).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 48, height: 64 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(output.body.includes('GPS 41.9N')).toBe(false);
  });

  it('scales a large picture down to fit 1600 px, keeping its proportions', async () => {
    const output = await processImage(await jpegPhoto({ width: 3200, height: 2000 }), rule, 'jpeg');
    const metadata = await sharp(output.body).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 1600, height: 1000 });
  });

  it('judges by content: a text file named .jpg is not an image', async () => {
    expect(await failure(processImage(TEXT_FILE, rule, 'jpeg'))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'validation.photoInvalid',
    });
  });

  it('refuses an SVG, which is text a browser could run', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await failure(processImage(svg, rule, 'jpeg'))).toMatchObject({ messageKey: 'validation.photoInvalid' });
  });

  it('refuses a file with image magic bytes that does not decode', async () => {
    const truncated = (await jpegPhoto({ width: 400, height: 400 })).subarray(0, 200);
    expect(await failure(processImage(truncated, rule, 'jpeg'))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'validation.photoInvalid',
    });
  });

  it('refuses an over-size upload before decoding it, in the words of its rule', async () => {
    const tooBig = oversizeJpeg(rule.maxBytes + 1);
    expect(await failure(processImage(tooBig, rule, 'jpeg'))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      messageKey: 'validation.photoTooLarge',
    });
    expect(
      await failure(processImage(oversizeJpeg(10 * 1024 * 1024 + 1), UPLOAD_RULES.googleSetup, 'jpeg')),
    ).toMatchObject({
      messageKey: 'validation.googlePhotoTooLarge',
    });
  });

  it('asks for the photo when the upload is empty', async () => {
    expect(await failure(processImage(Buffer.alloc(0), UPLOAD_RULES.profileImage, 'webp'))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'validation.profileImageRequired',
    });
  });

  it('refuses a decompression bomb: a small file of too many pixels', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(rule.maxBytes);
    expect(await failure(processImage(bomb, rule, 'jpeg'))).toMatchObject({ messageKey: 'validation.photoInvalid' });
  });
});
