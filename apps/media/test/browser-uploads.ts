import {
  type Actor,
  completePhotoUploads,
  getPhotoUrls,
  type PhotoUrls,
  requestPhotoUploads,
} from '@memoreel/contracts';
import sharp from 'sharp';
import { expect } from 'vitest';
import { eventually, type MediaHarness } from './media-harness.js';

/** What the browser does with media: PUTs to signed URLs, the upload round trip, reading photo URLs. */

export async function put(url: string, headers: { name: string; value: string }[], body: Buffer) {
  const response = await fetch(url, {
    method: 'PUT',
    headers: Object.fromEntries(headers.map((h) => [h.name, h.value])),
    body,
  });
  expect(response.status).toBe(200);
}

/** request → PUT → complete, as the browser does. */
export async function upload(
  media: MediaHarness,
  owner: Actor,
  projectId: string,
  files: { name: string; type: string; bytes: Buffer }[],
) {
  const plan = await media.request(requestPhotoUploads, owner, {
    projectId,
    files: files.map((f) => ({ name: f.name, size: f.bytes.length, contentType: f.type })),
  });
  for (const slot of plan.slots) await put(slot.url, slot.headers, files[slot.fileIndex]!.bytes);
  const { results } = await media.request(completePhotoUploads, owner, {
    projectId,
    uploadIds: plan.slots.map((s) => s.uploadId),
  });
  return { plan, results };
}

/** A 64 × 48 JPEG of one colour. */
export const smallJpeg = (shade: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

/** A visitor's drop of `count` small photos through a link: request → PUT → complete, as the upload page does. */
export async function friendUpload(
  media: MediaHarness,
  friend: Actor,
  linkId: string,
  projectId: string,
  count: number,
) {
  const bytes = await Promise.all(Array.from({ length: count }, (_, i) => smallJpeg(i * 40)));
  const plan = await media.request(requestPhotoUploads, friend, {
    projectId,
    linkId,
    files: bytes.map((b, i) => ({ name: `friend-${i}.jpg`, size: b.length, contentType: 'image/jpeg' })),
  });
  for (const slot of plan.slots) await put(slot.url, slot.headers, bytes[slot.fileIndex]!);
  const { results } = await media.request(completePhotoUploads, friend, {
    projectId,
    linkId,
    uploadIds: plan.slots.map((s) => s.uploadId),
  });
  return { plan, results };
}

export const urlsOf = async (media: MediaHarness, owner: Actor, id: string) =>
  (await media.request(getPhotoUrls, owner, { ids: [id] })).photos[0]?.urls ?? null;

/** The photo's URLs once its thumbnails and the video derivative of `filter` are made. */
export const videoReady = (
  media: MediaHarness,
  owner: Actor,
  id: string,
  filter = 'none',
  timeoutMs = 15_000,
) =>
  eventually(async () => {
    const urls = await urlsOf(media, owner, id);
    expect(urls?.videoFilter).toBe(filter);
    return urls as PhotoUrls & { video: string };
  }, timeoutMs);

export async function fetchImage(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}
