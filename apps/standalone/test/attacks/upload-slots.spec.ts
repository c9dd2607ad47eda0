import { authService } from '@memoreel/auth';
import { photoMessages } from '@memoreel/domain';
import { mediaService } from '@memoreel/media';
import { projectsService } from '@memoreel/projects';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useGatewayStack } from '../gateway-stack.js';
import type { UploadSlot } from '../photo-uploads.js';
import { type Guest, guestUploads } from './guest-uploads.js';

/** Upload URLs here live this long (s), so one can be seen expire. */
const URL_SECONDS = 3;
const MB = 1024 * 1024;

/**
 * Attack: a guest fills storage through upload slots — PUT again to a slot after its complete
 * (accepted or refused), PUT more than it declared, PUT after its URL expired. Local storage, the
 * gateway's /storage route, as standalone runs it.
 */
describe('attack: reusing and overfilling upload slots through the gateway', () => {
  const stack = useGatewayStack({
    name: 'attack-slots',
    services: [authService, projectsService, mediaService],
    localStorage: true,
    env: { media: { MEDIA_UPLOAD_URL_SECONDS: String(URL_SECONDS) } },
  });
  let api: ReturnType<typeof guestUploads>;
  let photo: Buffer;

  beforeAll(async () => {
    api = guestUploads(stack.baseUrl);
    photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#4a8' } })
      .jpeg()
      .toBuffer();
  });

  async function slotFor(guest: Guest, name: string, size: number): Promise<UploadSlot> {
    const [slot] = await api.requestUploads(guest, [{ name, size, contentType: 'image/jpeg' }]);
    return slot!;
  }

  it('a PUT after an accepted complete is refused, and the photo stays what was judged', async () => {
    const guest = await api.guest();
    const slot = await slotFor(guest, 'a.jpg', photo.length);
    expect(await api.put(slot, photo)).toBe(200);
    const [result] = await api.complete(guest, [slot.uploadId]);
    expect(result).toMatchObject({ error: null, photo: { id: slot.uploadId } });

    const other = Buffer.alloc(photo.length, 7);
    // Refused before its body is read: nothing lands on the staging key.
    expect(await api.put(slot, other)).toBe(403);
    expect(await api.photoIds(guest)).toEqual([slot.uploadId]);
  });

  it('a PUT after a refused complete (completed empty) is refused, so no quota-free object lands', async () => {
    const guest = await api.guest();
    const slot = await slotFor(guest, 'empty.jpg', 10 * MB);
    const [result] = await api.complete(guest, [slot.uploadId]);
    expect(result).toMatchObject({ photo: null, error: photoMessages.uploadFailedFor('empty.jpg') });

    expect(await api.put(slot, Buffer.alloc(10 * MB, 1))).toBe(403);
    // A complete again answers the same refusal: nothing was stored meanwhile.
    expect(await api.complete(guest, [slot.uploadId])).toEqual([result]);
    expect(await api.photoIds(guest)).toEqual([]);
  });

  it('a body 5 MB larger than declared is refused, and so is a smaller one', async () => {
    const guest = await api.guest();
    const slot = await slotFor(guest, 'b.jpg', photo.length);
    expect(await api.put(slot, Buffer.concat([photo, Buffer.alloc(5 * MB)]))).toBe(413);
    expect(await api.put(slot, photo.subarray(0, photo.length - 1))).toBe(400);
    const [result] = await api.complete(guest, [slot.uploadId]);
    expect(result).toMatchObject({ photo: null, error: photoMessages.uploadFailedFor('b.jpg') });
  });

  it('a PUT after its URL expired is refused', async () => {
    const guest = await api.guest();
    const slot = await slotFor(guest, 'late.jpg', photo.length);
    await new Promise((resolve) => setTimeout(resolve, (URL_SECONDS + 1.2) * 1000));
    expect(await api.put(slot, photo)).toBe(403);
    const [result] = await api.complete(guest, [slot.uploadId]);
    expect(result).toMatchObject({ photo: null, error: photoMessages.uploadFailedFor('late.jpg') });
  });
});
