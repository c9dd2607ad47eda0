import { describe, expect, it } from 'vitest';
import { randomCode, randomToken, seal, sha256, unseal } from './tokens.js';

describe('tokens', () => {
  it('are 32 random bytes in base64url, and codes six digits', () => {
    const tokens = new Set(Array.from({ length: 100 }, randomToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    for (let i = 0; i < 100; i++) expect(randomCode()).toMatch(/^\d{6}$/);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('open a sealed token with the same secret only', () => {
    const sealed = seal('parent-token', 'child-token');
    expect(sealed).not.toContain('child-token');
    expect(unseal('parent-token', sealed)).toBe('child-token');
    expect(unseal('another-token', sealed)).toBeNull();
  });
});
