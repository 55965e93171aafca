import type { Request, Response } from 'express';
import parseRange from 'range-parser';

/**
 * Sends media with byte ranges, so that a video plays and seeks: one range answers 206 with that slice, a range
 * beyond the end 416, anything else (no range, several ranges) the whole body. Media URLs carry a version, so they
 * may be kept for good; they are per member (a premium post's media is not anyone's), hence private.
 */
export function sendMedia(req: Request, res: Response, body: Buffer, contentType: string): void {
  res.set({
    'Content-Type': contentType,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, max-age=31536000, immutable',
  });
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
