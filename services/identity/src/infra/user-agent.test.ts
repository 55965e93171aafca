import { describe, expect, it } from '@jest/globals';
import { describeUserAgent } from './user-agent.js';
import { deviceKey } from '../domain/session-device.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const LINUX_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const LINUX_CHROME_NEXT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';

describe('a session device', () => {
  it('is the kind of device, its OS and its browser, without versions', () => {
    expect(describeUserAgent(IPHONE)).toEqual({ device: 'mobile', browser: 'Safari', os: 'iOS' });
    expect(describeUserAgent(LINUX_CHROME)).toEqual({ device: 'desktop', browser: 'Chrome', os: 'Linux' });
    expect(describeUserAgent(WINDOWS_FIREFOX)).toEqual({ device: 'desktop', browser: 'Firefox', os: 'Windows' });
    expect(describeUserAgent(IPAD)).toEqual({ device: 'tablet', browser: 'Safari', os: 'iOS' });
  });

  it('is "other" without a User-Agent or with one no browser sends', () => {
    expect(describeUserAgent('')).toEqual({ device: 'other', browser: '', os: '' });
    expect(describeUserAgent('   ')).toEqual({ device: 'other', browser: '', os: '' });
    expect(describeUserAgent('curl/8.5.0').device).toBe('other');
  });

  it('reads a very long User-Agent by its start only', () => {
    expect(describeUserAgent(LINUX_CHROME + ' x'.repeat(100_000))).toEqual(describeUserAgent(LINUX_CHROME));
  });

  it('stays the same device across a browser update, and differs by browser, OS or kind', () => {
    const key = (ua: string) => deviceKey(describeUserAgent(ua));
    expect(key(LINUX_CHROME_NEXT)).toBe(key(LINUX_CHROME));
    expect(new Set([LINUX_CHROME, WINDOWS_FIREFOX, IPHONE, IPAD].map(key)).size).toBe(4);
  });
});
