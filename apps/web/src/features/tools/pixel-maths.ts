import {
  BRIGHTEN_FACTOR,
  DARKEN_FACTOR,
  type GeometryToolId,
  type PixelToolId,
  type ToolId,
} from './tool-catalogue';

/**
 * How a 2D canvas does each colour tool natively, without reading pixels back into script:
 * - a CSS filter, applied while the image is drawn (grayscale and sepia need its colour matrix);
 * - or a second pass with a blend mode, which Chromium runs about twice as fast as a filter pass
 *   (tools/bench image-tools): `difference` with white is 255 − c exactly; `lighter` adds the image
 *   again at 20 % (c + 0.2c); `multiply` by rgb(204, 204, 204) is c × 204/255 = c × 0.8.
 * Against the typed-array maths below (exact, and what the unit tests pin down), Chromium 156 is
 * off by at most one level for every one of the 16.7 M colours (invert: never; checked in
 * e2e/tools.spec.ts and tools/bench): less than the JPEG encoding then changes.
 */
export type CanvasColourOp =
  | { filter: string }
  | { blend: 'difference' | 'multiply'; fill: string }
  | { blend: 'lighter'; alpha: number };

const grey = (factor: number) => {
  const level = Math.round(255 * factor);
  return `rgb(${level}, ${level}, ${level})`;
};

export const CANVAS_COLOUR_OP: Record<PixelToolId, CanvasColourOp> = {
  grayscale: { filter: 'grayscale(1)' },
  sepia: { filter: 'sepia(1)' },
  invert: { blend: 'difference', fill: '#ffffff' },
  brighten: { blend: 'lighter', alpha: Math.round((BRIGHTEN_FACTOR - 1) * 100) / 100 },
  darken: { blend: 'multiply', fill: grey(DARKEN_FACTOR) },
};

/** The largest difference, in levels of one channel, the canvas ops may have from the maths below. */
export const CANVAS_COLOUR_TOLERANCE = 1;

// Rec. 709 luma, as CSS grayscale(1).
const GRAY = [0.2126, 0.7152, 0.0722] as const;
// CSS sepia(1): each output channel from the input red, green and blue.
const SEPIA = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
] as const;

const FIXED = 1 << 16;

/** value × weight in 16.16 fixed point for every byte value, so the loop only adds. */
function weightTable(weight: number): Int32Array {
  const table = new Int32Array(256);
  for (let value = 0; value < 256; value++) table[value] = Math.round(value * weight * FIXED);
  return table;
}

function scaleTable(factor: number): Uint8ClampedArray {
  const table = new Uint8ClampedArray(256);
  for (let value = 0; value < 256; value++) table[value] = Math.round(value * factor);
  return table;
}

function toByte(fixed: number): number {
  const value = (fixed + (FIXED >> 1)) >> 16;
  return Math.min(value, 255);
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Applies a colour tool in place to RGBA bytes (as from getImageData); alpha is kept. Reads each
 * pixel once as a 32-bit word (little-endian: 0xAABBGGRR) and looks values up in 256-entry tables.
 */
export function applyPixelTool(id: PixelToolId, rgba: Uint8ClampedArray): void {
  if (!littleEndian) throw new Error('Pixel tools expect a little-endian platform');
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength >> 2);
  const count = pixels.length;
  if (id === 'invert') {
    for (let i = 0; i < count; i++) pixels[i] = pixels[i]! ^ 0x00ffffff;
    return;
  }
  if (id === 'brighten' || id === 'darken') {
    const table = scaleTable(id === 'brighten' ? BRIGHTEN_FACTOR : DARKEN_FACTOR);
    for (let i = 0; i < count; i++) {
      const p = pixels[i]!;
      pixels[i] =
        (p & 0xff000000) |
        (table[(p >>> 16) & 0xff]! << 16) |
        (table[(p >>> 8) & 0xff]! << 8) |
        table[p & 0xff]!;
    }
    return;
  }
  if (id === 'grayscale') {
    const [r, g, b] = GRAY.map(weightTable) as [Int32Array, Int32Array, Int32Array];
    for (let i = 0; i < count; i++) {
      const p = pixels[i]!;
      const y = toByte(r[p & 0xff]! + g[(p >>> 8) & 0xff]! + b[(p >>> 16) & 0xff]!);
      pixels[i] = (p & 0xff000000) | (y << 16) | (y << 8) | y;
    }
    return;
  }
  const [rr, rg, rb, gr, gg, gb, br, bg, bb] = SEPIA.flat().map(weightTable) as Int32Array[] as [
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
  ];
  for (let i = 0; i < count; i++) {
    const p = pixels[i]!;
    const r = p & 0xff;
    const g = (p >>> 8) & 0xff;
    const b = (p >>> 16) & 0xff;
    pixels[i] =
      (p & 0xff000000) |
      (toByte(br[r]! + bg[g]! + bb[b]!) << 16) |
      (toByte(gr[r]! + gg[g]! + gb[b]!) << 8) |
      toByte(rr[r]! + rg[g]! + rb[b]!);
  }
}

/** A canvas transform (setTransform's a, b, c, d, e, f) and the output size it draws into. */
export interface Placement {
  width: number;
  height: number;
  matrix: readonly [number, number, number, number, number, number];
}

/** Where the source image lands on the output canvas for each tool; colour tools keep it as is. */
export function placementFor(id: ToolId, width: number, height: number): Placement {
  const geometry: Partial<Record<GeometryToolId, Placement>> = {
    'upscale-2x': { width: width * 2, height: height * 2, matrix: [2, 0, 0, 2, 0, 0] },
    'upscale-4x': { width: width * 4, height: height * 4, matrix: [4, 0, 0, 4, 0, 0] },
    // (x, y) → (height − y, x)
    'rotate-90-cw': { width: height, height: width, matrix: [0, 1, -1, 0, height, 0] },
    // (x, y) → (y, width − x)
    'rotate-90-ccw': { width: height, height: width, matrix: [0, -1, 1, 0, 0, width] },
    'rotate-180': { width, height, matrix: [-1, 0, 0, -1, width, height] },
    'flip-horizontal': { width, height, matrix: [-1, 0, 0, 1, width, 0] },
    'flip-vertical': { width, height, matrix: [1, 0, 0, -1, 0, height] },
  };
  return geometry[id as GeometryToolId] ?? { width, height, matrix: [1, 0, 0, 1, 0, 0] };
}

/**
 * Guardrails: the largest image we decode and the largest canvas we draw. Chromium refuses canvases
 * over 268 MP (16384²) and a 12000 × 12000 photo alone takes 576 MB to hold decoded, so we refuse
 * with a clear message instead of letting the tab run out of memory.
 */
export const MAX_SOURCE_PIXELS = 100_000_000;
export const MAX_OUTPUT_PIXELS = 200_000_000;
export const MAX_OUTPUT_SIDE = 32_767;

function megapixels(pixels: number): string {
  return `${Math.round(pixels / 1_000_000)} megapixels`;
}

/** Why a tool cannot run on an image of this size in the browser, or null when it can. */
export function sizeProblem(id: ToolId, width: number, height: number): string | null {
  if (width * height > MAX_SOURCE_PIXELS) {
    return `This image is too large to process in the browser (${width} × ${height}, ${megapixels(width * height)}; the limit is ${megapixels(MAX_SOURCE_PIXELS)}).`;
  }
  const out = placementFor(id, width, height);
  if (out.width * out.height > MAX_OUTPUT_PIXELS || Math.max(out.width, out.height) > MAX_OUTPUT_SIDE) {
    return `The result would be too large to create in the browser (${out.width} × ${out.height}; the limit is ${megapixels(MAX_OUTPUT_PIXELS)}). Try a smaller image or a smaller upscale.`;
  }
  return null;
}
