import { describe, expect, it } from 'vitest';
import { cleanText } from './text.js';

describe('cleanText', () => {
  it('strips C0, DEL and C1 control characters, then trims', () => {
    expect(cleanText(' \u0001a\u001Fb\u007Fc\u0085d\u009F ')).toBe('abcd');
  });

  it('keeps printable Unicode and inner spaces', () => {
    expect(cleanText('  Ça va – 日本 🎬  ')).toBe('Ça va – 日本 🎬');
  });
});
