const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Spec §9: sizes in B, KB, MB or GB with one decimal (1024 per step). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** Processing time in seconds with two decimals. */
export function formatSeconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(2)}s`;
}

/** Percent saved, one decimal; null when the result is not smaller. */
export function sizeSavings(originalBytes: number, newBytes: number): number | null {
  if (originalBytes <= 0 || newBytes >= originalBytes) return null;
  return Math.round(((originalBytes - newBytes) / originalBytes) * 1000) / 10;
}

export function formatDimensions(width: number, height: number): string {
  return `${width} × ${height}`;
}
