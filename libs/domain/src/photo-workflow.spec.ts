import { describe, expect, it } from 'vitest';
import {
  animationPreviewMs,
  easeInOutCubic,
  inUploadBatches,
  PHOTO_SIZE,
  parsePhotoSize,
  photoContentTypeOf,
  photoFileProblem,
  photoQuotaStatus,
  photoThumbnailPx,
  photoUploadDecision,
  transformAt,
} from './photo-workflow.js';
import { IDENTITY_TRANSFORM, MAX_PHOTO_BYTES } from './photos.js';

describe('quota banner (spec §9)', () => {
  it('counts what is left and stays calm below 80 %', () => {
    expect(photoQuotaStatus(12, 50)).toEqual({
      remaining: 38,
      percent: 24,
      level: 'normal',
      title: '38 photos remaining',
      detail: '12 of 50 photos',
    });
  });

  it('turns amber at 80 % and destructive at the limit, never past 100 %', () => {
    expect(photoQuotaStatus(39, 50).level).toBe('normal');
    expect(photoQuotaStatus(40, 50).level).toBe('warning');
    const full = photoQuotaStatus(50, 50);
    expect(full).toMatchObject({
      level: 'reached',
      title: 'Photo limit reached',
      percent: 100,
      remaining: 0,
    });
    expect(photoQuotaStatus(55, 50).percent).toBe(100);
    expect(photoQuotaStatus(1, 3).percent).toBe(33);
  });
});

describe('limit check before an upload (spec §4)', () => {
  it('uploads all, part after confirmation, or none', () => {
    expect(photoUploadDecision(12, 50)).toEqual({ kind: 'all' });
    expect(photoUploadDecision(5, 5)).toEqual({ kind: 'all' });
    expect(photoUploadDecision(4, 2)).toEqual({ kind: 'partial', fits: 2, skipped: 2 });
    expect(photoUploadDecision(1, 0)).toEqual({ kind: 'none' });
  });

  it('sends files three at a time', () => {
    expect(inUploadBatches([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(inUploadBatches([])).toEqual([]);
  });
});

describe('dropzone checks (spec §5)', () => {
  it('takes the five web types and phone HEIC, even without a type', () => {
    expect(photoFileProblem({ name: 'a.jpg', size: 10, type: 'image/jpeg' })).toBeNull();
    expect(photoFileProblem({ name: 'IMG_1.HEIC', size: 10, type: '' })).toBeNull();
    expect(photoContentTypeOf({ name: 'IMG_1.HEIC', type: '' })).toBe('image/heic');
    expect(photoContentTypeOf({ name: 'x.png', type: 'image/png' })).toBe('image/png');
  });

  it('refuses other types and files over 10 MB with the generic drop messages', () => {
    expect(photoFileProblem({ name: 'a.pdf', size: 10, type: 'application/pdf' })).toMatch(
      /^File type must be image\/jpeg, image\/png/,
    );
    expect(photoFileProblem({ name: 'a.jpg', size: MAX_PHOTO_BYTES + 1, type: 'image/jpeg' })).toBe(
      'File is larger than 10485760 bytes',
    );
  });
});

describe('sort thumbnails (spec §9)', () => {
  it('scales 0.6 + size/100 × 1.4 of 100 px, at least 80 px', () => {
    expect(photoThumbnailPx(50)).toBe(130);
    expect(photoThumbnailPx(100)).toBe(200);
    expect(photoThumbnailPx(0)).toBe(80);
    expect(photoThumbnailPx(500)).toBe(200);
  });

  it('reads the stored size, defaulting to 50', () => {
    expect(PHOTO_SIZE.storageKey).toBe('photoSize');
    expect(parsePhotoSize(null)).toBe(50);
    expect(parsePhotoSize('oops')).toBe(50);
    expect(parsePhotoSize('72')).toBe(72);
    expect(parsePhotoSize('140')).toBe(100);
  });
});

describe('animation preview (spec §4)', () => {
  it('eases cubic in-out from 0 to 1 through the middle', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.25)).toBeCloseTo(0.0625);
    expect(easeInOutCubic(2)).toBe(1);
  });

  it('moves the photo between start and end', () => {
    const end = { scale: 2, translateX: 20, translateY: -10, rotate: 90 };
    expect(transformAt(IDENTITY_TRANSFORM, end, 0)).toEqual(IDENTITY_TRANSFORM);
    expect(transformAt(IDENTITY_TRANSFORM, end, 1)).toEqual(end);
    expect(transformAt(IDENTITY_TRANSFORM, end, 0.5)).toEqual({
      scale: 1.5,
      translateX: 10,
      translateY: -5,
      rotate: 45,
    });
  });

  it('lasts durationPerPhoto seconds (30 fps × the setting, in frames)', () => {
    expect(animationPreviewMs(3)).toBe(3000);
    expect(animationPreviewMs(2.5)).toBe(2500);
  });
});
