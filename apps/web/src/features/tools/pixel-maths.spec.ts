import { describe, expect, it } from 'vitest';
import { applyPixelTool, CANVAS_COLOUR_OP, placementFor, sizeProblem } from './pixel-maths';
import type { PixelToolId, ToolId } from './tool-catalogue';

function rgba(...pixels: [number, number, number, number][]): Uint8ClampedArray {
  return new Uint8ClampedArray(pixels.flat());
}

function run(tool: PixelToolId, ...pixels: [number, number, number, number][]): number[][] {
  const data = rgba(...pixels);
  applyPixelTool(tool, data);
  return Array.from({ length: pixels.length }, (_, i) => [...data.slice(i * 4, i * 4 + 4)]);
}

describe('colour tools on chosen pixels', () => {
  it('invert turns each channel into 255 minus itself and keeps alpha', () => {
    expect(run('invert', [0, 0, 0, 255], [255, 128, 10, 40], [200, 100, 50, 0])).toEqual([
      [255, 255, 255, 255],
      [0, 127, 245, 40],
      [55, 155, 205, 0],
    ]);
  });

  it('sepia uses the CSS sepia(1) matrix and clips at white', () => {
    // r' = .393r + .769g + .189b, g' = .349r + .686g + .168b, b' = .272r + .534g + .131b
    expect(run('sepia', [100, 150, 200, 255], [255, 255, 255, 255], [0, 0, 0, 128])).toEqual([
      [192, 171, 134, 255],
      [255, 255, 239, 255],
      [0, 0, 0, 128],
    ]);
  });

  it('grayscale is Rec. 709 luma, as CSS grayscale(1)', () => {
    // 0.2126·200 + 0.7152·100 + 0.0722·50 = 117.6
    expect(run('grayscale', [200, 100, 50, 255], [255, 0, 0, 255], [10, 10, 10, 7])).toEqual([
      [118, 118, 118, 255],
      [54, 54, 54, 255],
      [10, 10, 10, 7],
    ]);
  });

  it('brighten multiplies by 1.2 and darken by 0.8, clipped to 0–255', () => {
    expect(run('brighten', [100, 220, 0, 255])).toEqual([[120, 255, 0, 255]]);
    expect(run('darken', [100, 255, 1, 200])).toEqual([[80, 204, 1, 200]]);
  });

  it('has a native canvas op for every colour tool, with the same factors', () => {
    expect(CANVAS_COLOUR_OP).toEqual({
      grayscale: { filter: 'grayscale(1)' },
      sepia: { filter: 'sepia(1)' },
      invert: { blend: 'difference', fill: '#ffffff' },
      // c + 0.2 × c
      brighten: { blend: 'lighter', alpha: 0.2 },
      // c × 204 / 255
      darken: { blend: 'multiply', fill: 'rgb(204, 204, 204)' },
    });
  });
});

/**
 * Where each pixel of a 2 × 3 image (labelled a–f, row by row) lands: the centre of every source pixel
 * goes through the tool's canvas transform, as drawImage does.
 */
function arrange(tool: ToolId): string[][] {
  const labels = [
    ['a', 'b'],
    ['c', 'd'],
    ['e', 'f'],
  ];
  const { width, height, matrix } = placementFor(tool, 2, 3);
  const [a, b, c, d, e, f] = matrix;
  const out = Array.from({ length: height }, () => Array<string>(width).fill('?'));
  for (const [y, row] of labels.entries()) {
    for (const [x, label] of row.entries()) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      out[Math.floor(b * cx + d * cy + f)]![Math.floor(a * cx + c * cy + e)] = label;
    }
  }
  return out;
}

describe('rotation and flips of a 2 × 3 image', () => {
  it('90° CW puts the left column on top, bottom first', () => {
    expect(arrange('rotate-90-cw')).toEqual([
      ['e', 'c', 'a'],
      ['f', 'd', 'b'],
    ]);
  });

  it('90° CCW puts the right column on top', () => {
    expect(arrange('rotate-90-ccw')).toEqual([
      ['b', 'd', 'f'],
      ['a', 'c', 'e'],
    ]);
  });

  it('180° reverses rows and columns', () => {
    expect(arrange('rotate-180')).toEqual([
      ['f', 'e'],
      ['d', 'c'],
      ['b', 'a'],
    ]);
  });

  it('Horizontal mirrors left to right, Vertical top to bottom', () => {
    expect(arrange('flip-horizontal')).toEqual([
      ['b', 'a'],
      ['d', 'c'],
      ['f', 'e'],
    ]);
    expect(arrange('flip-vertical')).toEqual([
      ['e', 'f'],
      ['c', 'd'],
      ['a', 'b'],
    ]);
  });

  it('colour tools and Compress keep every pixel where it is', () => {
    for (const tool of ['grayscale', 'compress'] as const) {
      expect(arrange(tool)).toEqual([
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ]);
    }
  });
});

describe('output size', () => {
  it('2x and 4x Upscale multiply both sides', () => {
    expect(placementFor('upscale-2x', 4000, 3000)).toMatchObject({ width: 8000, height: 6000 });
    expect(placementFor('upscale-4x', 4000, 3000)).toMatchObject({ width: 16000, height: 12000 });
    expect(placementFor('upscale-4x', 2, 3)).toMatchObject({ width: 8, height: 12 });
  });

  it('quarter turns swap width and height', () => {
    expect(placementFor('rotate-90-cw', 4000, 3000)).toMatchObject({ width: 3000, height: 4000 });
    expect(placementFor('rotate-90-ccw', 4000, 3000)).toMatchObject({ width: 3000, height: 4000 });
    expect(placementFor('rotate-180', 4000, 3000)).toMatchObject({ width: 4000, height: 3000 });
  });
});

describe('images too large for the browser', () => {
  it('a 12 MP photo runs every tool, 4x Upscale included', () => {
    expect(sizeProblem('upscale-4x', 4000, 3000)).toBeNull();
    expect(sizeProblem('grayscale', 4000, 3000)).toBeNull();
  });

  it('a 12000 × 12000 image is refused with its size and the limit', () => {
    expect(sizeProblem('grayscale', 12000, 12000)).toBe(
      'This image is too large to process in the browser (12000 × 12000, 144 megapixels; the limit is 100 megapixels).',
    );
  });

  it('an upscale whose result would be too large is refused', () => {
    expect(sizeProblem('upscale-4x', 6000, 4000)).toMatch(
      /^The result would be too large to create in the browser \(24000 × 16000;/,
    );
    expect(sizeProblem('upscale-2x', 6000, 4000)).toBeNull();
  });
});
