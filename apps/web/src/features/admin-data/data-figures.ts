/** Figures as the Database Admin screen prints them. */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; binary steps, one decimal below 10. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

const counts = new Intl.NumberFormat('en');
export const formatCount = (count: number) => counts.format(count);

/** "auth--projects_project_tier-changed" → "projects.project.tier-changed": what the consumer listens to. */
export function consumerSubject(durable: string): string {
  const [, subject = durable] = durable.split('--');
  return subject.replaceAll('_', '.');
}

const streamNames: Record<string, string> = { events: 'Events', jobs: 'Jobs', dead: 'Dead letters' };
export const streamName = (stream: string) => streamNames[stream] ?? stream;
