/**
 * An iPhone's photo (HEIC: HEVC-coded HEIF) as RGBA pixels, for sharp to make the WebP variants of. sharp's prebuilt
 * libvips reads AVIF but not HEVC, and Debian 12's ffmpeg cannot demux HEIF, so libheif does it, built to
 * WebAssembly (heic-decode): in process, yet inside the wasm sandbox's own memory. The first image is the photo;
 * libheif turns it upright as the file says. A picture over `maxPixels` is refused before any decoding.
 */
export async function decodeHeic(
  content: Buffer,
  maxPixels: number,
): Promise<{ data: Uint8ClampedArray; width: number; height: number } | null> {
  const { default: decode } = await import('heic-decode');
  const images = await decode.all({ buffer: content });
  try {
    const [photo] = images;
    if (!photo || photo.width * photo.height > maxPixels) return null;
    return await photo.decode();
  } finally {
    images.dispose();
  }
}
