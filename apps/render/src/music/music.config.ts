import { z } from 'zod';

/** The music library's own settings (besides the storage ones). */
export const musicEnvironment = z.object({
  /** Standalone sets it: the shipped tracks are made at start. The cluster runs `node dist/main.js seed`. */
  MUSIC_SEED_ON_START: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** The ffmpeg that synthesises the shipped tracks. */
  FFMPEG_PATH: z.string().min(1).default('/usr/bin/ffmpeg'),
});
export type MusicEnvironment = z.infer<typeof musicEnvironment>;
