import { describe, expect, it } from 'vitest';
import { renderProgressMessage, timeLeftText } from './render-texts';

describe('renderProgressMessage', () => {
  it('follows the spec thresholds (25 and 75 percent)', () => {
    expect(renderProgressMessage(0)).toBe('Starting...');
    expect(renderProgressMessage(0.2499)).toBe('Starting...');
    expect(renderProgressMessage(0.25)).toBe('Processing video frames...');
    expect(renderProgressMessage(0.7499)).toBe('Processing video frames...');
    expect(renderProgressMessage(0.75)).toBe('Almost there...');
    expect(renderProgressMessage(1)).toBe('Almost there...');
  });

  it('says the photos are being prepared while the render waits for them, whatever share is ready', () => {
    expect(renderProgressMessage(0.8, 'pending')).toBe('Preparing your photos...');
    expect(renderProgressMessage(0.1, 'queued')).toBe('Starting...');
  });
});

describe('timeLeftText', () => {
  it('says nothing before the pace is known, seconds under a minute, minutes after', () => {
    expect(timeLeftText(null)).toBeNull();
    expect(timeLeftText(0)).toBeNull();
    expect(timeLeftText(42)).toBe('about 40 seconds left');
    expect(timeLeftText(60)).toBe('about 1 minute left');
    expect(timeLeftText(150)).toBe('about 3 minutes left');
  });
});
