import { expect, it } from 'vitest';
import { safeRedirect } from './auth.redirects.js';

it('keeps same-site paths and same-origin URLs, drops everything else', () => {
  const origin = 'https://memoreel.example';
  expect(safeRedirect('/dashboard?tab=shared', origin)).toBe('/dashboard?tab=shared');
  expect(safeRedirect('https://memoreel.example/project/1', origin)).toBe(
    'https://memoreel.example/project/1',
  );
  for (const unsafe of [
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'dashboard',
  ]) {
    expect(safeRedirect(unsafe, origin)).toBeUndefined();
  }
  expect(safeRedirect(undefined, origin)).toBeUndefined();
});
