import { mediaKindOf, mediaSizeBound, videoFrameSize } from './media.js';

describe('videoFrameSize', () => {
  it('keeps a frame that fits 1080p as it is', () => {
    expect(videoFrameSize({ width: 1280, height: 720 })).toEqual({ width: 1280, height: 720 });
    expect(videoFrameSize({ width: 1920, height: 1080 })).toEqual({ width: 1920, height: 1080 });
  });

  it('scales 4K down to 1080p, landscape and upright alike', () => {
    expect(videoFrameSize({ width: 3840, height: 2160 })).toEqual({ width: 1920, height: 1080 });
    expect(videoFrameSize({ width: 2160, height: 3840 })).toEqual({ width: 1080, height: 1920 });
  });

  it('bounds the short side of a wide frame and keeps both sides even', () => {
    expect(videoFrameSize({ width: 1440, height: 1440 })).toEqual({ width: 1080, height: 1080 });
    expect(videoFrameSize({ width: 3001, height: 1001 })).toEqual({ width: 1920, height: 640 });
    expect(videoFrameSize({ width: 321, height: 241 })).toEqual({ width: 320, height: 240 });
  });
});

describe('mediaKindOf', () => {
  it('takes what phones record as video', () => {
    for (const type of ['video/mp4', 'video/quicktime', 'video/webm', 'video/3gpp']) {
      expect(mediaKindOf(type)).toBe('video');
    }
    expect(mediaKindOf('video/x-msvideo')).toBeNull();
  });
});

describe('mediaSizeBound', () => {
  it('holds photos to 10 MB and videos, as phones record them, to 200 MB, each with its own message', () => {
    expect(mediaSizeBound('image')).toEqual({ maxBytes: 10 * 1024 * 1024, tooLargeKey: 'content.mediaTooLarge' });
    expect(mediaSizeBound('video')).toEqual({ maxBytes: 200 * 1024 * 1024, tooLargeKey: 'content.videoTooLarge' });
  });
});
