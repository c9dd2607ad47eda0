import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's ffmpeg and ffprobe (tools/scripts/setup.sh installs them; the worker image too). */
export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';

/**
 * Runs ffmpeg quietly; a failure carries ffmpeg's own error lines. A trailer it could not write (an
 * MP4 without its index) is a failure too, though ffmpeg 5.1 still exits with 0 then.
 */
export async function ffmpeg(args: string[]): Promise<void> {
  let stderr: string;
  try {
    ({ stderr } = await run(FFMPEG, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], {
      maxBuffer: 16 << 20,
    }));
  } catch (error) {
    const lines = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`ffmpeg failed: ${lines || (error as Error).message}`);
  }
  if (stderr.includes('Error writing trailer')) throw new Error(`ffmpeg failed: ${stderr.trim()}`);
}

/** ffprobe's JSON for `file` (`-show_streams -show_format`, plus any extra arguments). */
export async function ffprobe(file: string, extra: string[] = []): Promise<FfprobeResult> {
  const { stdout } = await run(
    FFPROBE,
    ['-v', 'error', '-of', 'json', '-show_streams', '-show_format', ...extra, file],
    { maxBuffer: 64 << 20 },
  );
  return JSON.parse(stdout) as FfprobeResult;
}

export type FfprobeStream = {
  index: number;
  codec_type: 'video' | 'audio' | string;
  codec_name: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  nb_read_frames?: string;
  duration?: string;
  start_time?: string;
  bit_rate?: string;
  sample_rate?: string;
  channels?: number;
};

export type FfprobeResult = {
  streams: FfprobeStream[];
  format: { duration?: string; bit_rate?: string; size?: string; format_name?: string };
};
