import { describe, expect, it } from 'vitest';
import {
  FILE_TYPE_MESSAGE,
  isHeicFile,
  MAX_FILES,
  selectFiles,
  TOO_MANY_FILES_MESSAGE,
} from './accepted-files';
import { uniqueNames } from './download-all';
import { formatFileSize, formatSeconds, sizeSavings } from './format';
import { filterTools, IMAGE_TOOLS, outputEncoding } from './tool-catalogue';
import { processedCount, selectedCount, sizeReduced } from './tools-content';

const names = (tools: { name: string }[]) => tools.map((tool) => tool.name);

describe('the tool list', () => {
  it('has the thirteen tools of the spec, by category', () => {
    expect(IMAGE_TOOLS.map((tool) => `${tool.category}: ${tool.name}`)).toEqual([
      'Basic: Grayscale',
      'Basic: Sepia',
      'Basic: Invert',
      'Adjustments: Brighten',
      'Adjustments: Darken',
      'Adjustments: Compress',
      'Resize: 2x Upscale',
      'Resize: 4x Upscale',
      'Rotation: 90° CW',
      'Rotation: 90° CCW',
      'Rotation: 180°',
      'Flipping: Horizontal',
      'Flipping: Vertical',
    ]);
  });

  it('search matches names case-insensitively, and a category narrows it', () => {
    expect(names(filterTools('SCALE', null))).toEqual(['Grayscale', '2x Upscale', '4x Upscale']);
    expect(names(filterTools('scale', 'Resize'))).toEqual(['2x Upscale', '4x Upscale']);
    expect(names(filterTools('', 'Flipping'))).toEqual(['Horizontal', 'Vertical']);
    expect(names(filterTools('  ccw ', null))).toEqual(['90° CCW']);
    expect(filterTools('blur', null)).toEqual([]);
  });

  it('writes JPEG at 0.5 for Compress and at 0.9 for every other tool', () => {
    expect(outputEncoding('compress')).toEqual({ type: 'image/jpeg', quality: 0.5 });
    for (const tool of IMAGE_TOOLS.filter((candidate) => candidate.id !== 'compress')) {
      expect(outputEncoding(tool.id)).toEqual({ type: 'image/jpeg', quality: 0.9 });
    }
  });
});

describe('texts and units', () => {
  it('sizes in B, KB, MB and GB with one decimal', () => {
    expect(formatFileSize(512)).toBe('512.0 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024 + 300 * 1024)).toBe('5.3 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('processing time in seconds with two decimals', () => {
    expect(formatSeconds(1234)).toBe('1.23s');
    expect(formatSeconds(46)).toBe('0.05s');
  });

  it('savings only when the result is smaller', () => {
    expect(sizeSavings(1000, 250)).toBe(75);
    expect(sizeSavings(3000, 1999)).toBe(33.4);
    expect(sizeSavings(1000, 1000)).toBeNull();
    expect(sizeSavings(1000, 4000)).toBeNull();
    expect(sizeReduced(33.4)).toBe('Size reduced by 33.4%');
  });

  it('counts', () => {
    expect(selectedCount(5)).toBe('5 image(s) selected');
    expect(processedCount(true, 2, 5, 2)).toBe('(2 of 5 images)');
    expect(processedCount(false, 5, 5, 4)).toBe('(4 image(s))');
  });
});

function file(name: string, type: string, size = 10): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe('what the dropzone takes', () => {
  it('takes jpeg, jpg, png, gif, webp and HEIC photos', () => {
    const picked = [
      file('a.jpeg', 'image/jpeg'),
      file('b.jpg', 'image/jpeg'),
      file('c.png', 'image/png'),
      file('d.gif', 'image/gif'),
      file('e.webp', 'image/webp'),
      file('f.HEIC', ''),
      file('g.heif', 'image/heif'),
    ];
    expect(selectFiles(picked, 0)).toEqual({ accepted: picked, refused: [] });
  });

  it('refuses other types, empty files and more than the limit, saying why', () => {
    const { accepted, refused } = selectFiles(
      [
        file('notes.pdf', 'application/pdf'),
        file('logo.svg', 'image/svg+xml'),
        file('empty.png', 'image/png', 0),
        file('ok.png', 'image/png'),
      ],
      MAX_FILES - 1,
    );
    expect(names(accepted)).toEqual(['ok.png']);
    expect(refused).toEqual([
      { name: 'notes.pdf', message: FILE_TYPE_MESSAGE },
      { name: 'logo.svg', message: FILE_TYPE_MESSAGE },
      { name: 'empty.png', message: 'File is smaller than 1 bytes' },
    ]);
    expect(selectFiles([file('one-too-many.png', 'image/png')], MAX_FILES).refused).toEqual([
      { name: 'one-too-many.png', message: TOO_MANY_FILES_MESSAGE },
    ]);
    expect(FILE_TYPE_MESSAGE).toBe('File type must be .jpeg, .jpg, .png, .gif, .webp, .heic, .heif');
  });

  it('knows HEIC by type or by extension', () => {
    expect(isHeicFile({ name: 'IMG_0001.HEIC', type: '' })).toBe(true);
    expect(isHeicFile({ name: 'photo', type: 'image/heic' })).toBe(true);
    expect(isHeicFile({ name: 'photo.jpg', type: 'image/jpeg' })).toBe(false);
  });
});

describe('zip entry names', () => {
  it('stay unique', () => {
    expect(uniqueNames(['a-grayscale.jpg', 'b-grayscale.jpg', 'a-grayscale.jpg', 'a-grayscale.jpg'])).toEqual(
      ['a-grayscale.jpg', 'b-grayscale.jpg', 'a-grayscale-2.jpg', 'a-grayscale-3.jpg'],
    );
  });
});
