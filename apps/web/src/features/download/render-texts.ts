/** Spec 2 §8: polling every 2 s (a fallback: progress is pushed), the list refetched every 10 s, stale after 5 s, 3 retries. */
export const RENDER_POLL_MS = 2_000;
export const RENDERS_REFETCH_MS = 10_000;
export const RENDERS_STALE_MS = 5_000;
export const RENDERS_RETRIES = 3;
/** 'Generate New Version' starts the new render this long after clearing the current one. */
export const NEW_VERSION_DELAY_MS = 200;

/** While the render waits for photos still being prepared (status pending; its progress the share ready). */
export const PREPARING_PHOTOS = 'Preparing your photos...';

/**
 * Spec 2 §8: below 25 % 'Starting...', below 75 % 'Processing video frames...', otherwise 'Almost
 * there...'; before that, while some photos are still being prepared, `PREPARING_PHOTOS`.
 */
export function renderProgressMessage(progress: number, status?: string): string {
  if (status === 'pending') return PREPARING_PHOTOS;
  const percent = progress * 100;
  if (percent < 25) return 'Starting...';
  if (percent < 75) return 'Processing video frames...';
  return 'Almost there...';
}

/** "about 2 minutes left", "about 40 seconds left". */
export function timeLeftText(seconds: number | null): string | null {
  if (seconds === null || seconds <= 0) return null;
  if (seconds < 60) return `about ${Math.max(5, Math.round(seconds / 5) * 5)} seconds left`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? '' : 's'} left`;
}

export const renderTexts = {
  started: 'Started generating your video',
  ready: 'Your video is ready for download!',
  startFailed: 'Failed to start generation',
  failed: 'Generation failed. Please try again.',
  generationFailed: (error: string) => `Generation failed: ${error}`,
  pollFailed: 'Failed to fetch video status',
  confirmTitle: 'Generate a new video?',
  /** What the video will be, in the project's format. */
  generateDetail: (width: number, height: number) =>
    `${width}×${height}, 30 frames per second, with your music. You can leave this page: generation goes on.`,
  otherFormatsTitle: 'Your other formats',
  otherFormatsHint: 'The last video of each shape you made is kept.',
  otherFormat: (label: string, ratio: string) => `${label} (${ratio})`,
} as const;
