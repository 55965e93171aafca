import type { Request, Response } from 'express';
import parseRange from 'range-parser';

/**
 * Sends media with byte ranges, so that a video plays and seeks: one range answers 206 with that slice, a range
 * beyond the end 416, anything else (no range, several ranges) the whole body. Media URLs carry a version, so they
 * may be kept for good; they are per member (a premium post's media is not anyone's), hence private.
 */
export function sendMedia(req: Request, res: Response, body: Buffer, contentType: string): void {
  setMediaHeaders(res, contentType);
  const header = req.headers.range;
  const ranges = header ? parseRange(body.length, header, { combine: true }) : undefined;
  if (ranges === -1) {
    res.status(416).set('Content-Range', `bytes */${body.length}`).end();
    return;
  }
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 && ranges[0]) {
    const { start, end } = ranges[0];
    res
      .status(206)
      .set('Content-Range', `bytes ${start}-${end}/${body.length}`)
      .send(body.subarray(start, end + 1));
    return;
  }
  res.send(body);
}

function setMediaHeaders(res: Response, contentType: string): void {
  res.set({
    'Content-Type': contentType,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, max-age=31536000, immutable',
  });
}

/** An open range ('bytes=N-', how a browser starts and goes on playing a video) is answered this much at a time. */
export const OPEN_RANGE_BYTES = 4 * 1024 * 1024;

/**
 * The one range of a Range header that can be asked of the service as a slice, from its start: 'bytes=a-b' or
 * 'bytes=a-' (OPEN_RANGE_BYTES of it). Anything else (no range, a suffix, several ranges) is null: the whole is
 * fetched and `sendMedia` answers it.
 */
export function sliceAsked(header: string | undefined): { offset: number; length: number } | null {
  const match = header ? /^bytes=(\d{1,10})-(\d{0,10})$/.exec(header.trim()) : null;
  if (!match) return null;
  const offset = Number(match[1]);
  const last = match[2] ? Number(match[2]) : offset + OPEN_RANGE_BYTES - 1;
  return last < offset ? null : { offset, length: last - offset + 1 };
}

/**
 * Sends the slice the service answered for `sliceAsked`: 206 with where it lies in the whole, or 416 when it starts
 * past the end (headers as `sendMedia`'s).
 */
export function sendMediaSlice(
  res: Response,
  media: { content: Buffer; contentType: string; totalSize: number },
  offset: number,
): void {
  setMediaHeaders(res, media.contentType);
  if (offset >= media.totalSize || media.content.length === 0) {
    res.status(416).set('Content-Range', `bytes */${media.totalSize}`).end();
    return;
  }
  const last = offset + media.content.length - 1;
  res.status(206).set('Content-Range', `bytes ${offset}-${last}/${media.totalSize}`).send(media.content);
}
