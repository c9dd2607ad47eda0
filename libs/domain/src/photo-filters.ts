import type { PhotoFilter } from './photos.js';

/**
 * The eight photo filters of spec §3, each defined once as a 4×5 colour matrix. The step 3 preview
 * applies them with SVG `feColorMatrix` (in sRGB) and the video renderer bakes the same numbers with
 * sharp, so what people pick is what their video shows.
 *
 * Layout: row-major, rows R G B A, columns r g b a offset. Channels are 0–1 and so is the offset
 * column (feColorMatrix's convention); `toSharpColourOps` scales it to 0–255.
 */
export type ColourMatrix = readonly number[];

/** Hand-picked names the "Select Filter" dialog shows. */
export const PHOTO_FILTER_LABELS: Readonly<Record<PhotoFilter, string>> = {
  none: 'Original',
  grayscale: 'Grayscale',
  sepia: 'Sepia',
  vintage: 'Vintage',
  warm: 'Warm',
  cool: 'Cool',
  dramatic: 'Dramatic',
  bright: 'Bright',
};

// biome-ignore format: a matrix reads as its rows
export const IDENTITY_MATRIX: ColourMatrix = Object.freeze([
  1, 0, 0, 0, 0,
  0, 1, 0, 0, 0,
  0, 0, 1, 0, 0,
  0, 0, 0, 1, 0,
]);

/** Rec. 709 luma weights, as CSS `grayscale()` and sharp's greyscale use. */
const LUMA = [0.2126, 0.7152, 0.0722] as const;

/** `second` applied after `first`, as one matrix (both treated as 5×5 affine maps). */
export function composeMatrices(first: ColourMatrix, second: ColourMatrix): ColourMatrix {
  const result: number[] = [];
  for (let row = 0; row < 4; row++) {
    for (let column = 0; column < 5; column++) {
      let sum = column === 4 ? (second[row * 5 + 4] ?? 0) : 0;
      for (let k = 0; k < 4; k++) sum += (second[row * 5 + k] ?? 0) * (first[k * 5 + column] ?? 0);
      result.push(sum);
    }
  }
  return result;
}

/** Several steps in order, as one matrix. */
export function chainMatrices(...steps: ColourMatrix[]): ColourMatrix {
  return steps.reduce(composeMatrices, IDENTITY_MATRIX);
}

/** Colour saturation: 0 is grey, 1 unchanged, above 1 more vivid (CSS `saturate()`). */
export function saturationMatrix(amount: number): ColourMatrix {
  const [r, g, b] = LUMA;
  const keep = 1 - amount;
  // biome-ignore format: a matrix reads as its rows
  return [
    r * keep + amount, g * keep, b * keep, 0, 0,
    r * keep, g * keep + amount, b * keep, 0, 0,
    r * keep, g * keep, b * keep + amount, 0, 0,
    0, 0, 0, 1, 0,
  ];
}

/** CSS `sepia(amount)`: 1 is full sepia. */
export function sepiaMatrix(amount: number): ColourMatrix {
  const keep = 1 - amount;
  // biome-ignore format: a matrix reads as its rows
  return [
    0.393 + 0.607 * keep, 0.769 - 0.769 * keep, 0.189 - 0.189 * keep, 0, 0,
    0.349 - 0.349 * keep, 0.686 + 0.314 * keep, 0.168 - 0.168 * keep, 0, 0,
    0.272 - 0.272 * keep, 0.534 - 0.534 * keep, 0.131 + 0.869 * keep, 0, 0,
    0, 0, 0, 1, 0,
  ];
}

/** Brightness: every channel times `amount` (CSS `brightness()`). */
export function brightnessMatrix(amount: number): ColourMatrix {
  return channelMatrix(amount, amount, amount);
}

/** Contrast around mid-grey (CSS `contrast()`): 1 unchanged. */
export function contrastMatrix(amount: number): ColourMatrix {
  const offset = 0.5 * (1 - amount);
  // biome-ignore format: a matrix reads as its rows
  return [
    amount, 0, 0, 0, offset,
    0, amount, 0, 0, offset,
    0, 0, amount, 0, offset,
    0, 0, 0, 1, 0,
  ];
}

/** Each channel scaled on its own, plus an optional lift (0–1) per channel: warmth and tint. */
export function channelMatrix(red: number, green: number, blue: number, lift: readonly number[] = [0, 0, 0]) {
  // biome-ignore format: a matrix reads as its rows
  return [
    red, 0, 0, 0, lift[0] ?? 0,
    0, green, 0, 0, lift[1] ?? 0,
    0, 0, blue, 0, lift[2] ?? 0,
    0, 0, 0, 1, 0,
  ] as ColourMatrix;
}

const rounded = (matrix: ColourMatrix): ColourMatrix =>
  Object.freeze(matrix.map((value) => Math.round(value * 10_000) / 10_000));

/** The filters themselves: brightness and contrast are folded into the matrix where a look needs them. */
export const PHOTO_FILTER_MATRICES: Readonly<Record<PhotoFilter, ColourMatrix>> = Object.freeze({
  none: IDENTITY_MATRIX,
  grayscale: rounded(saturationMatrix(0)),
  sepia: rounded(sepiaMatrix(1)),
  // Faded film: half sepia, softer contrast with lifted blacks, a touch warmer.
  vintage: rounded(
    chainMatrices(
      sepiaMatrix(0.5),
      contrastMatrix(0.85),
      channelMatrix(1.06, 1.0, 0.9, [0.03, 0.02, 0]),
      brightnessMatrix(1.04),
    ),
  ),
  warm: rounded(chainMatrices(saturationMatrix(1.1), channelMatrix(1.08, 1.02, 0.88, [0.02, 0.01, 0]))),
  cool: rounded(chainMatrices(saturationMatrix(0.95), channelMatrix(0.9, 1.0, 1.1, [0, 0.01, 0.03]))),
  dramatic: rounded(chainMatrices(contrastMatrix(1.35), saturationMatrix(1.25), brightnessMatrix(0.95))),
  bright: rounded(chainMatrices(brightnessMatrix(1.15), contrastMatrix(1.05), saturationMatrix(1.05))),
});

export function photoFilterMatrix(filter: PhotoFilter): ColourMatrix {
  return PHOTO_FILTER_MATRICES[filter];
}

/** The `values` attribute of `<feColorMatrix type="matrix">`. */
export function toFeColorMatrixValues(matrix: ColourMatrix): string {
  return matrix.join(' ');
}

/**
 * The same matrix for sharp: `recomb` takes the 3×3 colour part and `linear(1, offset)` the lift in
 * 0–255 units (alpha is never changed by a photo filter).
 */
export function toSharpColourOps(matrix: ColourMatrix): {
  recomb: [[number, number, number], [number, number, number], [number, number, number]];
  offset: [number, number, number];
} {
  const at = (row: number, column: number) => matrix[row * 5 + column] ?? 0;
  const row = (index: number): [number, number, number] => [at(index, 0), at(index, 1), at(index, 2)];
  return {
    recomb: [row(0), row(1), row(2)],
    offset: [at(0, 4) * 255, at(1, 4) * 255, at(2, 4) * 255],
  };
}

/** One 0–255 RGBA pixel through a matrix, clamped and rounded as a renderer would store it. */
export function applyColourMatrix(
  matrix: ColourMatrix,
  [red, green, blue, alpha]: readonly [number, number, number, number],
): [number, number, number, number] {
  const input = [red / 255, green / 255, blue / 255, alpha / 255];
  const out: number[] = [];
  for (let row = 0; row < 4; row++) {
    let sum = matrix[row * 5 + 4] ?? 0;
    for (let k = 0; k < 4; k++) sum += (matrix[row * 5 + k] ?? 0) * (input[k] ?? 0);
    out.push(Math.round(Math.min(1, Math.max(0, sum)) * 255));
  }
  return out as [number, number, number, number];
}
