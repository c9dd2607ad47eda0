import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeUpright } from '../thumbnails.js';
import { VIDEO_DERIVATIVE_EDGE } from '../video-derivatives.js';
import { findPhotoSubjects } from './photo-subjects.js';
import { SubjectFinder } from './subject-finder.js';

const require = createRequire(import.meta.url);
const samples = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
/** The people in face-api's six sample photos, counted by eye (group photos, every face turned to the camera). */
const PEOPLE = { 'sample1.jpg': 3, 'sample2.jpg': 3, 'sample3.jpg': 3, 'sample4.jpg': 4, 'sample5.jpg': 5 };

type Box = { x: number; y: number; width: number; height: number };
const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

async function subjectsOf(finder: SubjectFinder, image: Buffer) {
  const meta = await sharp(image).metadata();
  const sideways = (meta.orientation ?? 1) >= 5;
  const upright = {
    width: (sideways ? meta.height : meta.width) as number,
    height: (sideways ? meta.width : meta.height) as number,
  };
  return {
    upright,
    subjects: await findPhotoSubjects(finder, await decodeUpright(image, VIDEO_DERIVATIVE_EDGE), upright),
  };
}

describe('the subjects of a photo', () => {
  const finder = new SubjectFinder();
  afterAll(() => finder.close());

  it.each(Object.entries(PEOPLE))('finds the faces of %s, inside the photo', async (name, people) => {
    const { upright, subjects } = await subjectsOf(finder, await readFile(join(samples, name)));
    expect(subjects.kind).toBe('faces');
    // Every face of the group; a face partly hidden behind another may be missed, never invented twice over.
    expect(subjects.boxes.length).toBeGreaterThanOrEqual(people - 1);
    expect(subjects.boxes.length).toBeLessThanOrEqual(people + 1);
    for (const box of subjects.boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(upright.width);
      expect(box.y + box.height).toBeLessThanOrEqual(upright.height);
      // A face, not the photo: a small part of it.
      expect(box.width * box.height).toBeLessThan((upright.width * upright.height) / 4);
    }
  });

  it('gives an EXIF-rotated copy the same boxes, in its upright pixels', async () => {
    const original = await readFile(join(samples, 'sample1.jpg'));
    // Stored a quarter turn to the left, tagged "turn right to show" (orientation 6): it shows as the original.
    const rotated = await sharp(original)
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 95 })
      .toBuffer();
    const [plain, turned] = [await subjectsOf(finder, original), await subjectsOf(finder, rotated)];
    expect(turned.upright).toEqual(plain.upright);
    expect(turned.subjects.kind).toBe('faces');
    expect(turned.subjects.boxes).toHaveLength(plain.subjects.boxes.length);
    for (const box of plain.subjects.boxes) {
      const nearest = turned.subjects.boxes
        .map((other) => Math.hypot(centre(other).x - centre(box).x, centre(other).y - centre(box).y))
        .sort((a, b) => a - b)[0] as number;
      // Within a tenth of the face's own size: the same face, where the original has it.
      expect(nearest).toBeLessThan(box.width / 10 + 2);
    }
  });

  it('finds the subject of a photo without faces: the one detailed, colourful region', async () => {
    const [width, height] = [1500, 1000];
    // A plain grey wall with a bright, busy patch (stripes of colour) right of centre, high up.
    const patch = { x: 1000, y: 120, size: 300 };
    const stripes = Buffer.alloc(patch.size * patch.size * 3);
    for (let y = 0; y < patch.size; y++)
      for (let x = 0; x < patch.size; x++) {
        const i = (y * patch.size + x) * 3;
        const band = Math.floor((x + y) / 12) % 3;
        stripes[i] = band === 0 ? 230 : 40;
        stripes[i + 1] = band === 1 ? 200 : 60;
        stripes[i + 2] = band === 2 ? 220 : 30;
      }
    const image = await sharp({
      create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } },
    })
      .composite([
        {
          input: stripes,
          raw: { width: patch.size, height: patch.size, channels: 3 },
          left: patch.x,
          top: patch.y,
        },
      ])
      .jpeg()
      .toBuffer();
    const { subjects } = await subjectsOf(finder, image);
    expect(subjects.kind).toBe('subject');
    expect(subjects.boxes).toHaveLength(1);
    const [box] = subjects.boxes as [Box];
    const patchCentre = { x: patch.x + patch.size / 2, y: patch.y + patch.size / 2 };
    expect(patchCentre.x).toBeGreaterThan(box.x);
    expect(patchCentre.x).toBeLessThan(box.x + box.width);
    expect(patchCentre.y).toBeGreaterThan(box.y);
    expect(patchCentre.y).toBeLessThan(box.y + box.height);
    // Drawn to the patch: its centre right of the photo's.
    expect(centre(box).x).toBeGreaterThan(width / 2);
  });
});
