import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStorage } from '@memoreel/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS_BUCKET } from '../storage/photo-storage.js';
import { uploadKey } from './photo-keys.js';
import { StagedUpload, UploadChangedError, versionHash } from './staged-upload.js';

let dir: string;
let storage: LocalStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-staged-'));
  storage = new LocalStorage({
    rootDir: dir,
    publicBaseUrl: 'http://127.0.0.1:1',
    signingSecret: 'a-signing-secret-of-at-least-32-characters',
  });
  await storage.ensureBuckets([PHOTOS_BUCKET]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** An upload whose PUT wrote `bytes` to its staging key. */
async function staged(bytes: Buffer, extension = 'jpeg') {
  const upload = { id: randomUUID(), projectId: randomUUID() };
  const storagePath = uploadKey(upload.projectId, upload.id, extension);
  await storage.put(PHOTOS_BUCKET, storagePath, bytes, { contentType: 'image/jpeg' });
  return { ...upload, storagePath, objects: new StagedUpload(storage, { ...upload, storagePath }) };
}

const exists = async (key: string) => (await storage.stat(PHOTOS_BUCKET, key)) !== null;

describe('a staged upload', () => {
  it("is judged under the photo's own key (a .jpeg as .jpg); an old upload on its own key stays there", async () => {
    const { id, projectId, objects } = await staged(Buffer.from('bytes'));
    expect(objects.judged).toBe(`${projectId}/${id}.jpg`);
    const old = new StagedUpload(storage, { id, projectId, storagePath: `${projectId}/${id}.png` });
    expect(old.judged).toBe(old.staged);
  });

  it('is read, copied and read on from the copy, the staged object gone', async () => {
    const bytes = Buffer.from('0123456789');
    const { objects } = await staged(bytes);
    const head = await objects.head();
    expect(head).toMatchObject({ copied: false, range: { size: bytes.length } });
    const version = await objects.copyToJudged(head?.range.version as string);
    expect(version).toEqual(expect.any(String));
    await objects.removeStaged();
    expect(await exists(objects.staged)).toBe(false);
    expect(await objects.rest(4, bytes.length, version as string)).toEqual(bytes.subarray(4));
    // A completion that died after the copy finishes from it.
    expect(await objects.head()).toMatchObject({ copied: true, range: { version } });
  });

  it('is not copied once another PUT changed it after it was read', async () => {
    const { objects } = await staged(Buffer.from('first'));
    const head = await objects.head();
    await storage.put(PHOTOS_BUCKET, objects.staged, Buffer.from('second'), { contentType: 'image/jpeg' });
    expect(await objects.copyToJudged(head?.range.version as string)).toBeNull();
    expect(await exists(objects.judged)).toBe(false);
  });

  it('reads as changed when the judged object is no longer the version judged', async () => {
    const { objects } = await staged(Buffer.from('first'));
    const head = await objects.head();
    await objects.copyToJudged(head?.range.version as string);
    await expect(objects.rest(0, 5, 'another version')).rejects.toBeInstanceOf(UploadChangedError);
  });

  it('reads as missing when nothing was PUT', async () => {
    const upload = { id: randomUUID(), projectId: randomUUID() };
    const objects = new StagedUpload(storage, {
      ...upload,
      storagePath: uploadKey(upload.projectId, upload.id, 'jpg'),
    });
    expect(await objects.head()).toBeNull();
  });

  it('is kept under the key of what it is, or discarded whole', async () => {
    const { id, projectId, objects } = await staged(Buffer.from('png bytes'));
    const head = await objects.head();
    await objects.copyToJudged(head?.range.version as string);
    await objects.keepAs(`${projectId}/${id}.png`, Buffer.from('png bytes'), 'image/png');
    expect(await exists(`${projectId}/${id}.png`)).toBe(true);
    expect(await exists(objects.judged)).toBe(false);

    const refused = await staged(Buffer.from('not an image'));
    const refusedHead = await refused.objects.head();
    await refused.objects.copyToJudged(refusedHead?.range.version as string);
    await refused.objects.discard();
    expect(await exists(refused.objects.staged)).toBe(false);
    expect(await exists(refused.objects.judged)).toBe(false);
  });

  it('is hashed by key and version, so another write gives another hash', () => {
    expect(versionHash('p/u.jpg', 'v1')).toBe(versionHash('p/u.jpg', 'v1'));
    expect(versionHash('p/u.jpg', 'v2')).not.toBe(versionHash('p/u.jpg', 'v1'));
  });
});
