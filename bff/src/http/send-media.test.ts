import { describe, expect, it } from '@jest/globals';
import { OPEN_RANGE_BYTES, sliceAsked } from './send-media.js';

describe('the byte range asked of the service as a slice', () => {
  it('is a closed range as it is, and an open one a chunk at a time', () => {
    expect(sliceAsked('bytes=1000-1999')).toEqual({ offset: 1000, length: 1000 });
    expect(sliceAsked('bytes=0-')).toEqual({ offset: 0, length: OPEN_RANGE_BYTES });
    expect(sliceAsked('bytes=5000000-')).toEqual({ offset: 5_000_000, length: OPEN_RANGE_BYTES });
  });

  it('is none for what needs the whole or is not a range: a suffix, several ranges, nonsense, a reversed one', () => {
    for (const header of [undefined, 'bytes=-500', 'bytes=0-10,20-30', 'items=0-10', 'bytes=x-', 'bytes=20-10']) {
      expect(sliceAsked(header)).toBeNull();
    }
  });
});
