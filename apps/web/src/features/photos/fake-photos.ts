import { DEFAULT_TRANSFORMS, type PhotoFilter } from '@memoreel/domain';
import { vi } from 'vitest';
import { GraphQLFailure } from '../project/fake-graphql';
import type { PhotoEdit } from './photo-edits-api';
import type { Photo } from './photos-api';

/** Test-only: photos as the gateway answers them, and a fake XMLHttpRequest for presigned PUTs. */

export const PROJECT_ID = '3b0f8d4c-6a0e-4a52-9d1e-2f1f7d8b9c10';

export function samplePhoto(index: number, overrides: Partial<Photo> = {}): Photo {
  const id = `photo-${index}`;
  return {
    id,
    projectId: PROJECT_ID,
    originalName: `IMG_${1000 + index}.jpg`,
    displayOrder: index,
    status: 'accepted',
    filter: 'none' as PhotoFilter,
    transforms: { start: DEFAULT_TRANSFORMS['0'], end: DEFAULT_TRANSFORMS['100'] },
    caption: null,
    width: 1600,
    height: 1200,
    urls: {
      grid: `/storage/${id}-grid.webp`,
      strip: `/storage/${id}-strip.webp`,
      carousel: `/storage/${id}-carousel.webp`,
      full: `/storage/${id}-full.webp`,
    },
    subjects: null,
    createdAt: '2026-11-25T09:00:00.000Z',
    ...overrides,
  };
}

/** The gateway's answer to an operation on a photo that is gone. */
export const photoNotFound = (): never => {
  throw new GraphQLFailure('Photo not found', 'NOT_FOUND');
};

export const SAMPLE_EDIT_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** An AI edit of photo-0 just queued; `overrides` move it along. */
export function samplePhotoEdit(overrides: Partial<PhotoEdit> = {}): PhotoEdit {
  return {
    id: SAMPLE_EDIT_ID,
    photoId: 'photo-0',
    projectId: PROJECT_ID,
    kind: 'ENHANCE',
    status: 'QUEUED',
    progress: 0,
    startedAt: null,
    resultUrl: null,
    resultWidth: null,
    resultHeight: null,
    error: null,
    ...overrides,
  };
}

export const samplePhotos = (count: number) =>
  Array.from({ length: count }, (_, index) => samplePhoto(index));

export const jpegFile = (name: string, size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

/** Every PUT sent; each reports half, then all of its bytes and succeeds after `delayMs` (or fails for `failing`). */
export function stubPresignedPuts({ delayMs = 5, failing = [] as string[] } = {}) {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send() {
      sent.push({ url: this.url, headers: this.headers });
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
        setTimeout(() => {
          inFlight -= 1;
          if (failing.some((part) => this.url.includes(part))) {
            this.onerror?.();
            return;
          }
          this.status = 200;
          this.onload?.();
        }, delayMs);
      }, delayMs);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, mostAtOnce: () => mostAtOnce };
}
