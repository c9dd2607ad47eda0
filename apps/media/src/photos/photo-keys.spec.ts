import { describe, expect, it } from 'vitest';
import { keptExtension, photoKey, uploadExtension, uploadKey } from './photo-keys.js';

describe('photo keys', () => {
  it('stage an upload under the project, apart from the photo it becomes', () => {
    expect(uploadKey('p', 'u', 'heic')).toBe('p/uploads/u.heic');
    expect(photoKey('p', 'u', 'jpg')).toBe('p/u.jpg');
    // A photo's staging folder, for the sweep and the deletion of a photo.
    expect(uploadKey('p', 'u', '')).toBe('p/uploads/u.');
  });

  it("take an upload's extension from its name when it is an image's, else from its declared type", () => {
    expect(uploadExtension('IMG_0001.HEIC', 'image/heic')).toBe('heic');
    expect(uploadExtension('beach.jpeg', 'application/octet-stream')).toBe('jpeg');
    expect(uploadExtension('scan.pdf', 'image/png')).toBe('png');
    expect(uploadExtension('photo', 'image/jpeg')).toBe('jpg');
    expect(uploadExtension('photo', 'image/svg+xml')).toBe('svgxml');
    expect(uploadExtension('photo', '')).toBe('jpg');
  });

  it('keep a .jpeg upload as .jpg and any other extension as it is', () => {
    expect(keptExtension('p/uploads/u.jpeg')).toBe('jpg');
    expect(keptExtension('p/uploads/u.png')).toBe('png');
  });
});
