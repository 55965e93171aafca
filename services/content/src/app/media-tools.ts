import { ffmpegBinaries } from '../infra/media/ffmpeg-binaries.js';
import { resourceLimitsEnforced } from '../infra/media/sandboxed-process.js';

/**
 * Which ffmpeg this process's media worker runs (for /api/health and the admin stats): the machine's or the npm
 * package's, its version, and whether the kernel enforces its CPU and memory limits. `none` when there is no ffmpeg,
 * and videos are then refused.
 */
export async function mediaTools() {
  const binaries = await ffmpegBinaries().catch(() => null);
  return {
    ffmpegSource: binaries?.source ?? 'none',
    ffmpegVersion: binaries?.version ?? '',
    limitsEnforced: resourceLimitsEnforced,
  };
}
