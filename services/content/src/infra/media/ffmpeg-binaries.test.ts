import { describe, expect, it } from '@jest/globals';
import { findFfmpeg } from './ffmpeg-binaries.js';

describe('which ffmpeg content runs', () => {
  it('is the machine’s when it has one (Debian’s here, as in the image and CI)', async () => {
    expect(await findFfmpeg(['/usr/bin'])).toEqual({
      ffmpeg: '/usr/bin/ffmpeg',
      ffprobe: '/usr/bin/ffprobe',
      source: 'system',
      version: expect.stringMatching(/^ffmpeg version \d/),
    });
  });

  it('is the npm package’s on a machine without one, so that npm install is the whole set-up', async () => {
    const shipped = await findFfmpeg([]);
    expect(shipped).toMatchObject({ source: 'npm', version: expect.stringMatching(/^ffmpeg version /) });
    expect(shipped.ffmpeg).toMatch(/node_modules\/@ffmpeg-installer\//);
    expect(shipped.ffprobe).toMatch(/node_modules\/@ffprobe-installer\//);
  });
});
