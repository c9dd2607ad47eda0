import { describe, expect, it } from 'vitest';
import { prefixOf } from './service-overview.js';

describe('prefixOf (Database Admin storage figures)', () => {
  it('groups keys by their first folder, and folders named by ids together', () => {
    expect(prefixOf('videos/0b9f3c1e-7a2d-4c55-9d1e-3f6a2b8c9d10/render.mp4')).toBe('videos/');
    expect(prefixOf('0b9f3c1e-7a2d-4c55-9d1e-3f6a2b8c9d10/photo.jpg')).toBe('{id}/');
    expect(prefixOf('0b9f3c1e-7a2d-4c55-9d1e-3f6a2b8c9d10.mp3')).toBe('*.mp3');
    expect(prefixOf('README')).toBe('README');
  });
});
