import { describe, expect, it } from 'vitest';
import { consumerSubject, formatBytes, formatCount, streamName } from './data-figures';

describe('Database Admin figures', () => {
  it('prints sizes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(81920)).toBe('80 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
  });

  it('prints counts with separators, consumers by their subject, streams by name', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(consumerSubject('auth--projects_project_tier-changed')).toBe('projects.project.tier-changed');
    expect(streamName('dead')).toBe('Dead letters');
  });
});
