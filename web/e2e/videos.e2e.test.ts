import { expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { approveByApi } from './content.js';
import { ADMIN, describeE2E, useE2E } from './harness.js';
import { newMember, registerMember, signedInUserId, signInByApi } from './members.js';
import { appText, serverText } from './texts.js';
import { realtimeConnected, toastWith, until } from './waits.js';

const e2e = useE2E({ env: () => ({ POST_APPROVAL: 'immediate' }) });

/** Making the clip and transcoding it take tens of seconds of two shared cores: this bounds a stuck test only. */
const VIDEO_TEST_TIMEOUT_MS = 600_000;

/**
 * What an iPhone saves: 1080p HEVC in a QuickTime file, with a tone, made here by Debian's ffmpeg (libx265). Three
 * seconds: the format is what the test is about, and every second more costs the suite seconds of encoding twice
 * (media.bench times a long clip). Colour bars: they encode fast, and a drawn frame of them is anything but black.
 */
async function iphoneClip(): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'tip-e2e-clip-'));
  try {
    const file = join(folder, 'IMG_0001.MOV');
    await promisify(execFile)('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'smptehdbars=size=1920x1080:rate=30:duration=3'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
      ...['-c:a', 'aac', '-f', 'mov', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function approvedMember(admin: Page) {
  const member = { ...newMember('videomaker'), gender: 'male' as const };
  await registerMember(e2e.baseUrl, member);
  const page = await e2e.newPage();
  await signInByApi(page, member);
  await approveByApi(admin, page, await signedInUserId(page));
  return page;
}

describeE2E('a video from a phone', () => {
  it(
    'is accepted as HEVC in a MOV, shown as processing, then played by Chromium as H.264',
    async () => {
      const admin = await e2e.newPage();
      await signInByApi(admin, ADMIN);
      const page = await approvedMember(admin);
      // Debian's Chromium plays H.264 and not HEVC: what the processing is for.
      const playable = await page.evaluate(() => {
        const video = document.createElement('video');
        return {
          h264: video.canPlayType('video/mp4; codecs="avc1.640028, mp4a.40.2"'),
          hevc: video.canPlayType('video/mp4; codecs="hvc1"'),
        };
      });
      expect(playable).toEqual({ h264: 'probably', hevc: '' });

      const connected = realtimeConnected(page);
      await page.goto('/');
      await connected;
      const composer = page.getByTestId('post-composer');
      const text = `Il mio video dal telefono ${Date.now()}`;
      await composer.getByLabel(appText('feed.composer.contentLabel')).fill(text);
      await composer.getByRole('radio', { name: appText('feed.categories.trending') }).click();
      const clip = await iphoneClip();
      await composer
        .getByLabel(appText('feed.composer.media'))
        .setInputFiles({ name: 'IMG_0001.MOV', mimeType: 'video/quicktime', buffer: clip });
      await composer.getByText('IMG_0001.MOV').waitFor();
      await composer.getByRole('button', { name: appText('feed.composer.submit') }).click();
      await toastWith(page, serverText('content.postProcessing')).waitFor();

      const card = page.getByTestId('post-card').filter({ hasText: text });
      await card.getByText(appText('feed.post.processing')).waitFor();
      // The worker's PostCreated reaches the page as a push: the card shows the video, without a reload.
      const video = card.getByTestId('post-video');
      await video.waitFor({ timeout: VIDEO_TEST_TIMEOUT_MS });
      expect(await card.getByText(appText('feed.post.processing')).count()).toBe(0);
      expect(await video.getAttribute('poster')).toMatch(/\/media\/poster\?v=/);

      await video.evaluate((element: HTMLVideoElement) => {
        element.muted = true;
        element.preload = 'auto';
        void element.play();
      });
      await until('the video can play through', () =>
        video.evaluate((element: HTMLVideoElement) => element.readyState === HTMLMediaElement.HAVE_ENOUGH_DATA),
      );
      const frame = await video.evaluate((element: HTMLVideoElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 36;
        const context = canvas.getContext('2d');
        context?.drawImage(element, 0, 0, canvas.width, canvas.height);
        const pixels = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
        return {
          width: element.videoWidth,
          height: element.videoHeight,
          lit: pixels.some((value, i) => i % 4 !== 3 && value > 32),
        };
      });
      expect(frame).toEqual({ width: 1920, height: 1080, lit: true });

      // The admins' overview says which ffmpeg made it: the machine's (Debian's) here.
      await admin.goto('/admin');
      const tools = admin.getByTestId('media-tools');
      await tools.waitFor();
      expect(await tools.innerText()).toMatch(/ffmpeg version \S+/);
      expect(await tools.innerText()).toContain(appText('admin.stats.ffmpegSystem'));
    },
    VIDEO_TEST_TIMEOUT_MS,
  );
});
