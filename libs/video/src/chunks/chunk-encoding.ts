/**
 * How chunks are encoded. Part of every chunk's hash: a new renderer version or bitrate gives new
 * names, so chunks rendered under old settings are never joined with new ones.
 */
export type ChunkEncoding = {
  /** `@remotion/web-renderer` version (pinned exactly in apps/render-worker's package.json; a test keeps them equal). */
  renderer: string;
  container: 'mp4';
  videoCodec: 'h264';
  /** Bits per second. The web renderer's default came out at ~3 Mbps for 1080p, visibly soft. */
  videoBitrate: number;
};

export const CHUNK_ENCODING: ChunkEncoding = {
  renderer: '4.0.529',
  container: 'mp4',
  videoCodec: 'h264',
  videoBitrate: 10_000_000,
};
