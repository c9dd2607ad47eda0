import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipImages } from './download-all';

describe('Download All', () => {
  it('puts every result in one zip, byte for byte, with unique names', async () => {
    const jpeg = (fill: number) =>
      new Blob([new Uint8Array([0xff, 0xd8, 0xff, fill, fill, fill])], { type: 'image/jpeg' });
    const zip = await zipImages([
      { name: 'a-sepia.jpg', blob: jpeg(1) },
      { name: 'b-sepia.jpg', blob: jpeg(2) },
      { name: 'a-sepia.jpg', blob: jpeg(3) },
    ]);
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['a-sepia.jpg', 'b-sepia.jpg', 'a-sepia-2.jpg']);
    expect([...entries['a-sepia-2.jpg']!]).toEqual([0xff, 0xd8, 0xff, 3, 3, 3]);
  });
});
