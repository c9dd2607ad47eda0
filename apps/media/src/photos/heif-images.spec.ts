import { describe, expect, it } from 'vitest';
import { heifImageSizes } from './heif-images.js';

/** An ISO BMFF box: 32-bit size, 4-character type, content. */
function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}
const fullBox = (type: string, ...content: Buffer[]) => box(type, Buffer.alloc(4), ...content);
function ispe(width: number, height: number): Buffer {
  const size = Buffer.alloc(8);
  size.writeUInt32BE(width);
  size.writeUInt32BE(height, 4);
  return fullBox('ispe', size);
}
const heif = (...properties: Buffer[]) =>
  Buffer.concat([
    box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1')),
    fullBox('meta', fullBox('pitm', Buffer.from([0, 1])), box('iprp', box('ipco', ...properties))),
  ]);

describe('heifImageSizes', () => {
  it('reads the size of every image the file declares, not only the primary', () => {
    const file = heif(box('colr', Buffer.alloc(4)), ispe(64, 48), ispe(10_000, 10_000));
    expect(heifImageSizes(file)).toEqual([
      { width: 64, height: 48 },
      { width: 10_000, height: 10_000 },
    ]);
  });

  it('answers undefined for boxes that are not whole, or no properties at all', () => {
    const file = heif(ispe(64, 48));
    expect(heifImageSizes(file.subarray(0, file.length - 3))).toBeUndefined();
    expect(heifImageSizes(box('ftyp', Buffer.from('heic', 'latin1')))).toBeUndefined();
  });
});
