import { describe, expect, it } from 'vitest';
import { cleanName, cleanText, hasVisibleCharacter } from './text.js';

describe('cleanText', () => {
  it('strips C0, DEL and C1 control characters, then trims', () => {
    expect(cleanText(' \u0001a\u001Fb\u007Fc\u0085d\u009F ')).toBe('abcd');
  });

  it('keeps printable Unicode and inner spaces', () => {
    expect(cleanText('  Ça va – 日本 🎬  ')).toBe('Ça va – 日本 🎬');
  });
});

describe('cleanName', () => {
  it('removes bidi overrides, isolates and marks, so a name cannot show reversed', () => {
    expect(cleanName('Holiday\u202Egpj.exe')).toBe('Holidaygpj.exe');
    expect(cleanName('\u2067Mum\u2069 \u200Fand Dad\u200E')).toBe('Mum and Dad');
    expect(cleanName('\u202E')).toBe('');
  });

  it('keeps right-to-left text, emoji sequences and accents', () => {
    expect(cleanName('  ذكريات سارة  ')).toBe('ذكريات سارة');
    expect(cleanName('Family 👨‍👩‍👧')).toBe('Family 👨‍👩‍👧');
    expect(cleanName('Zoë’s 1st')).toBe('Zoë’s 1st');
  });
});

describe('hasVisibleCharacter', () => {
  it('is false for names that draw nothing', () => {
    for (const invisible of [
      '',
      '\u200B',
      '\u200D\u200C',
      '\uFEFF',
      '\u3164',
      '\u2800',
      '\u0301',
      '\u00A0\u2003',
    ]) {
      expect(hasVisibleCharacter(invisible), JSON.stringify(invisible)).toBe(false);
    }
  });

  it('is true once one character shows', () => {
    for (const visible of ['a', '.', '😀', 'ß', 'ذ', '\u200Bx']) {
      expect(hasVisibleCharacter(visible), visible).toBe(true);
    }
  });
});
