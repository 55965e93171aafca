import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

/** Which ffmpeg and ffprobe content runs, and where they came from: for /api/health and the admin stats. */
export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** `system`: the machine's (Debian's in the image and CI); `npm`: the binaries the npm packages ship. */
  source: 'system' | 'npm';
  /** ffmpeg's own first line, e.g. `ffmpeg version 5.1.9-0+deb12u1`. */
  version: string;
}

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Where the machine's ffmpeg may be: the PATH, and /usr/bin, which a trimmed PATH may leave out. */
const MACHINE_FOLDERS = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/bin', '/usr/local/bin'];

const within = (folders: string[], name: string) => folders.map((folder) => join(folder, name)).find(executable);

async function versionOf(ffmpeg: string): Promise<string> {
  const { stdout } = await promisify(execFile)(ffmpeg, ['-hide_banner', '-version'], { timeout: 10_000, env: {} });
  return stdout.split('\n')[0]?.split(' Copyright')[0]?.trim() ?? 'unknown';
}

/**
 * The npm registry's builds, for a machine without ffmpeg, so that `npm install && npm start` stays the whole set-up:
 * optional packages, loaded only when the machine has none.
 */
async function npmBinaries(): Promise<{ ffmpeg: string; ffprobe: string } | undefined> {
  try {
    const [ffmpeg, ffprobe] = await Promise.all([
      import('@ffmpeg-installer/ffmpeg'),
      import('@ffprobe-installer/ffprobe'),
    ]);
    return { ffmpeg: ffmpeg.default.path, ffprobe: ffprobe.default.path };
  } catch {
    return undefined;
  }
}

/**
 * The ffmpeg and ffprobe in `folders` when both are there (the image and CI install Debian's), otherwise the npm
 * packages' binaries. Rejects when there are neither, which leaves videos refused and says why.
 */
export async function findFfmpeg(folders: string[]): Promise<FfmpegBinaries> {
  const ffmpeg = within(folders, 'ffmpeg');
  const ffprobe = within(folders, 'ffprobe');
  if (ffmpeg && ffprobe) return { ffmpeg, ffprobe, source: 'system', version: await versionOf(ffmpeg) };
  const shipped = await npmBinaries();
  if (!shipped) throw new Error('no ffmpeg: neither on the PATH nor from @ffmpeg-installer/ffmpeg');
  return { ...shipped, source: 'npm', version: await versionOf(shipped.ffmpeg) };
}

let found: Promise<FfmpegBinaries> | undefined;

/** The machine's ffmpeg, or else the npm packages' (`findFfmpeg`), found once per process. */
export function ffmpegBinaries(): Promise<FfmpegBinaries> {
  found ??= findFfmpeg(MACHINE_FOLDERS);
  return found;
}
