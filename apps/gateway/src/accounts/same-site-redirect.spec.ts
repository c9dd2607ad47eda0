import { describe, expect, it } from 'vitest';
import { optionalSameSiteRedirect, sameSiteRedirect } from './same-site-redirect.js';

const APP = 'https://memoreel.example';

describe('sameSiteRedirect', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/project/42?tab=music#top', '/project/42?tab=music#top'],
    ['https://memoreel.example/dashboard?x=1', '/dashboard?x=1'],
    ['https://memoreel.example', '/'],
    ['/a/../b', '/b'],
  ])('keeps the same-site target %s as %s', (candidate, expected) => {
    expect(sameSiteRedirect(candidate, APP)).toBe(expected);
  });

  it.each([
    '//evil.example/phish',
    'https://evil.example/phish',
    'http://memoreel.example/dashboard',
    'https://memoreel.example.evil.example/',
    'https://memoreel.example@evil.example/',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/..//evil.example',
    '/./..//evil.example',
    'https://',
    '',
  ])('turns %j into /', (candidate) => {
    expect(sameSiteRedirect(candidate, APP)).toBe('/');
  });

  it('answers / when nothing was asked for', () => {
    expect(sameSiteRedirect(undefined, APP)).toBe('/');
  });

  it('leaves an absent optional target absent and checks a present one', () => {
    expect(optionalSameSiteRedirect(undefined, APP)).toBeUndefined();
    expect(optionalSameSiteRedirect('//evil.example', APP)).toBe('/');
    expect(optionalSameSiteRedirect('/welcome', APP)).toBe('/welcome');
  });
});
