import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('keeps a path on this site', () => {
    expect(redirectTarget('/project/42/photos?tab=1')).toBe('/project/42/photos?tab=1');
  });

  it.each([undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', 42])(
    'falls back to / for %j',
    (value) => {
      expect(redirectTarget(value)).toBe('/');
    },
  );
});
