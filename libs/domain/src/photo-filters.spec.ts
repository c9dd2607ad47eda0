import { describe, expect, it } from 'vitest';
import {
  applyColourMatrix,
  chainMatrices,
  contrastMatrix,
  IDENTITY_MATRIX,
  PHOTO_FILTER_LABELS,
  PHOTO_FILTER_MATRICES,
  photoFilterMatrix,
  saturationMatrix,
  toFeColorMatrixValues,
  toSharpColourOps,
} from './photo-filters.js';
import { PHOTO_FILTERS } from './photos.js';

const SKY: [number, number, number, number] = [70, 130, 180, 255];

describe('photo filter matrices (spec §3)', () => {
  it('defines all eight filters as finite 4×5 matrices that keep alpha, with a label each', () => {
    for (const filter of PHOTO_FILTERS) {
      const matrix = photoFilterMatrix(filter);
      expect(matrix).toHaveLength(20);
      expect(matrix.every(Number.isFinite)).toBe(true);
      expect(matrix.slice(15)).toEqual([0, 0, 0, 1, 0]);
      expect(PHOTO_FILTER_LABELS[filter]).toBeTruthy();
    }
    expect(Object.keys(PHOTO_FILTER_MATRICES).sort()).toEqual([...PHOTO_FILTERS].sort());
  });

  it('leaves a photo untouched with none', () => {
    expect(PHOTO_FILTER_MATRICES.none).toEqual(IDENTITY_MATRIX);
    expect(applyColourMatrix(PHOTO_FILTER_MATRICES.none, SKY)).toEqual(SKY);
  });

  it('turns a pixel into its Rec. 709 grey with grayscale', () => {
    // 0.2126·70 + 0.7152·130 + 0.0722·180 = 120.9
    expect(applyColourMatrix(PHOTO_FILTER_MATRICES.grayscale, SKY)).toEqual([121, 121, 121, 255]);
    expect(applyColourMatrix(PHOTO_FILTER_MATRICES.grayscale, [255, 255, 255, 255])).toEqual([
      255, 255, 255, 255,
    ]);
  });

  it('gives the classic sepia tone, and clamps at white', () => {
    // 0.393·70 + 0.769·130 + 0.189·180 = 161.5, and so on for green and blue.
    expect(applyColourMatrix(PHOTO_FILTER_MATRICES.sepia, SKY)).toEqual([162, 144, 112, 255]);
    expect(applyColourMatrix(PHOTO_FILTER_MATRICES.sepia, [255, 255, 255, 255])).toEqual([
      255, 255, 239, 255,
    ]);
  });

  it('warms and cools by shifting red against blue', () => {
    const [warmRed, , warmBlue] = applyColourMatrix(PHOTO_FILTER_MATRICES.warm, [128, 128, 128, 255]);
    const [coolRed, , coolBlue] = applyColourMatrix(PHOTO_FILTER_MATRICES.cool, [128, 128, 128, 255]);
    expect(warmRed).toBeGreaterThan(warmBlue);
    expect(coolBlue).toBeGreaterThan(coolRed);
  });

  it('brightens with bright and spreads tones with dramatic', () => {
    const [brightGrey] = applyColourMatrix(PHOTO_FILTER_MATRICES.bright, [100, 100, 100, 255]);
    expect(brightGrey).toBeGreaterThan(100);
    const [darkAfter] = applyColourMatrix(PHOTO_FILTER_MATRICES.dramatic, [60, 60, 60, 255]);
    const [lightAfter] = applyColourMatrix(PHOTO_FILTER_MATRICES.dramatic, [200, 200, 200, 255]);
    expect(lightAfter - darkAfter).toBeGreaterThan(140);
  });

  it('lifts the blacks for vintage', () => {
    const [red, green, blue] = applyColourMatrix(PHOTO_FILTER_MATRICES.vintage, [0, 0, 0, 255]);
    expect(Math.min(red, green, blue)).toBeGreaterThan(0);
    expect(red).toBeGreaterThan(blue);
  });

  it('composes steps in order: contrast then grey equals grey of the contrasted pixel', () => {
    const chained = chainMatrices(contrastMatrix(1.2), saturationMatrix(0));
    const stepwise = applyColourMatrix(saturationMatrix(0), applyColourMatrix(contrastMatrix(1.2), SKY));
    const once = applyColourMatrix(chained, SKY);
    for (const [index, value] of once.entries()) {
      expect(Math.abs(value - (stepwise[index] ?? 0))).toBeLessThanOrEqual(1);
    }
  });

  it('writes feColorMatrix values and sharp operations from the same numbers', () => {
    expect(toFeColorMatrixValues(IDENTITY_MATRIX)).toBe('1 0 0 0 0 0 1 0 0 0 0 0 1 0 0 0 0 0 1 0');
    const ops = toSharpColourOps(PHOTO_FILTER_MATRICES.grayscale);
    expect(ops.recomb[0]).toEqual([0.2126, 0.7152, 0.0722]);
    expect(ops.offset).toEqual([0, 0, 0]);
    expect(toSharpColourOps(contrastMatrix(0.5)).offset).toEqual([63.75, 63.75, 63.75]);
  });
});
