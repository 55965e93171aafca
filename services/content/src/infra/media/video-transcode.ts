import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '@tip/platform';
import { z } from 'zod';
import { VIDEO_MAX_SECONDS, videoFrameSize } from '../../domain/index.js';
import type { FfmpegBinaries } from './ffmpeg-binaries.js';
import { runSandboxed, type ProcessLimits } from './sandboxed-process.js';

/** ffmpeg's demuxer for each container content accepts: named, so a file cannot pick another (HLS, concat). */
const DEMUXERS = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/3gpp': 'mov',
  'video/webm': 'matroska',
} as const;
export type AcceptedVideoType = keyof typeof DEMUXERS;

/** What a phone records at most plays smoothly: faster footage (slow motion at 240 fps) is brought down to this. */
const MAX_FPS = 60;
/** H.264 at this ceiling keeps 1080p sharp and a 3-minute video under 100 MB. */
const VIDEO_MAX_BITRATE = '4M';
/**
 * x264's speed for the quality CRF 23 keeps: `superfast` took 35 % less CPU than `veryfast` on a 30 s 1080p clip here
 * (26 s against 41 s) for a 2.5 % larger file, so a 1080p second costs under a second on two cores that also serve.
 */
const X264_PRESET = 'superfast';

const probeSchema = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        avg_frame_rate: z.string().optional(),
        side_data_list: z.array(z.object({ rotation: z.number().optional() }).loose()).optional(),
        tags: z.record(z.string(), z.string()).optional(),
      }),
    )
    .default([]),
  format: z.object({ duration: z.string().optional() }).loose().default({}),
});

export interface VideoProbe {
  seconds: number;
  width: number;
  height: number;
  fps: number;
  hasAudio: boolean;
  /** Degrees the player is told to turn the picture (a phone held upright records sideways frames). */
  rotation: number;
}

export interface TranscodedVideo {
  /** H.264/AAC MP4, streamable from its first bytes, without a single metadata tag. */
  video: Buffer;
  /** A frame of it, as PNG, for the poster and the teaser that sharp makes. */
  frame: Buffer;
  probe: VideoProbe;
}

/** The member's message; `cause` keeps what ffmpeg said (its last lines, a timeout) for the worker's log. */
const invalid = (cause?: unknown) =>
  Object.assign(new DomainError('INVALID_ARGUMENT', 'content.mediaInvalid'), cause === undefined ? {} : { cause });

const rate = (fraction = '0/0') => {
  const [numerator, denominator] = fraction.split('/').map(Number);
  return numerator && denominator ? numerator / denominator : 0;
};

/** Only local files and pipes: a crafted input naming a URL or another file opens nothing. */
const INPUT_GUARD = ['-protocol_whitelist', 'file,pipe'];

export async function probeVideo(
  binaries: FfmpegBinaries,
  input: { file: string; type: AcceptedVideoType },
  scratch: string,
  limits: ProcessLimits,
): Promise<VideoProbe> {
  const args = [...INPUT_GUARD, '-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'];
  const { stdout } = await runSandboxed(binaries.ffprobe, [...args, '-f', DEMUXERS[input.type], input.file], {
    cwd: scratch,
    limits,
  }).catch((failure: unknown) => {
    throw invalid(failure);
  });
  const parsed = probeSchema.safeParse(JSON.parse(stdout.toString('utf8') || '{}'));
  if (!parsed.success) throw invalid();
  const video = parsed.data.streams.find((stream) => stream.codec_type === 'video');
  const seconds = Number(parsed.data.format.duration ?? 0);
  if (!video?.width || !video.height || !(seconds > 0)) throw invalid();
  const rotation = video.side_data_list?.find((side) => side.rotation !== undefined)?.rotation ?? 0;
  return {
    seconds,
    width: video.width,
    height: video.height,
    fps: rate(video.avg_frame_rate),
    hasAudio: parsed.data.streams.some((stream) => stream.codec_type === 'audio'),
    rotation: Number(video.tags?.rotate ?? rotation),
  };
}

/**
 * The upload made into what every browser plays and nothing more: the first video and audio streams, turned upright
 * (ffmpeg applies the rotation it is told), scaled within 1080p, H.264 High at a capped bitrate and AAC stereo, with
 * `+faststart` so it plays while it loads. Every tag goes (global, per stream, chapters; `bitexact` leaves out the
 * encoder's name and the creation time), so location, device and dates stay with the member.
 */
function transcodeArgs(input: { file: string; type: AcceptedVideoType }, probe: VideoProbe, output: string) {
  const upright = Math.abs(probe.rotation) % 180 === 90;
  const size = videoFrameSize(
    upright ? { width: probe.height, height: probe.width } : { width: probe.width, height: probe.height },
  );
  const filters = [
    `scale=${size.width}:${size.height}`,
    'format=yuv420p',
    ...(probe.fps > MAX_FPS ? [`fps=${MAX_FPS}`] : []),
  ];
  return [
    '-nostdin',
    '-v',
    'error',
    ...INPUT_GUARD,
    '-f',
    DEMUXERS[input.type],
    '-i',
    input.file,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-map_metadata',
    '-1',
    '-map_metadata:s:v',
    '-1',
    '-map_metadata:s:a',
    '-1',
    '-map_chapters',
    '-1',
    '-t',
    String(VIDEO_MAX_SECONDS),
    '-vf',
    filters.join(','),
    '-c:v',
    'libx264',
    '-preset',
    X264_PRESET,
    '-crf',
    '23',
    '-maxrate',
    VIDEO_MAX_BITRATE,
    '-bufsize',
    '8M',
    '-profile:v',
    'high',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/**
 * A quarantined video, probed, bounded and transcoded in `scratch` (where the caller put it and nothing else), then a
 * frame of the result taken for the poster: every step an ffmpeg child under `limits`.
 */
export async function transcodeVideo(
  binaries: FfmpegBinaries,
  input: { file: string; type: AcceptedVideoType },
  scratch: string,
  limits: ProcessLimits,
): Promise<TranscodedVideo> {
  const probe = await probeVideo(binaries, input, scratch, limits);
  if (probe.seconds > VIDEO_MAX_SECONDS + 0.5) {
    throw new DomainError('INVALID_ARGUMENT', 'content.videoTooLong', { minutes: VIDEO_MAX_SECONDS / 60 });
  }
  const output = join(scratch, 'video.mp4');
  const frame = join(scratch, 'frame.png');
  try {
    await runSandboxed(binaries.ffmpeg, transcodeArgs(input, probe, output), { cwd: scratch, limits });
    const at = Math.min(1, probe.seconds / 2).toFixed(2);
    await runSandboxed(
      binaries.ffmpeg,
      [
        '-nostdin',
        '-v',
        'error',
        ...INPUT_GUARD,
        '-ss',
        at,
        '-i',
        output,
        '-frames:v',
        '1',
        '-f',
        'image2',
        '-c:v',
        'png',
        frame,
      ],
      { cwd: scratch, limits },
    );
  } catch (failure) {
    throw invalid(failure);
  }
  const [video, still] = await Promise.all([readFile(output), readFile(frame)]);
  return { video, frame: still, probe };
}
