import { VIDEO_FORMATS } from '@memoreel/domain';
import { describe, expect, it } from 'vitest';
import type { RenderProgress } from './download-api';
import { otherFormatVideos, rendersOfFormat } from './renders-by-format';

function render(id: string, size: { width: number; height: number }, status = 'completed'): RenderProgress {
  return {
    renderId: id,
    projectId: 'p',
    status: status as RenderProgress['status'],
    progress: status === 'completed' ? 1 : 0.5,
    error: null,
    downloadUrl: status === 'completed' ? `https://storage.test/${id}.mp4` : null,
    estimatedTimeRemaining: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    ...size,
  };
}

const wide = VIDEO_FORMATS['16:9'];
const square = VIDEO_FORMATS['1:1'];
const vertical = VIDEO_FORMATS['9:16'];
// Newest first, as the render service lists them.
const renders = [
  render('v-running', vertical, 'rendering'),
  render('w-new', wide),
  render('s-old', square),
  render('w-old', wide),
  render('v-done', vertical),
];

describe('renders by format', () => {
  it('follows the renders of the format the project is set to, newest first', () => {
    expect(rendersOfFormat(renders, vertical).map((r) => r.renderId)).toEqual(['v-running', 'v-done']);
    expect(rendersOfFormat(renders, wide).map((r) => r.renderId)).toEqual(['w-new', 'w-old']);
  });

  it("lists the newest finished video of each other format, in the formats' order", () => {
    expect(
      otherFormatVideos(renders, vertical).map(({ format, render }) => [format, render.renderId]),
    ).toEqual([
      ['16:9', 'w-new'],
      ['1:1', 's-old'],
    ]);
    expect(otherFormatVideos(renders, wide).map(({ format, render }) => [format, render.renderId])).toEqual([
      ['1:1', 's-old'],
      ['9:16', 'v-done'],
    ]);
  });
});
