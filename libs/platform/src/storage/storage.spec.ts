import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { startS3Server } from '@memoreel/testing';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalStorage } from './local-storage.js';
import { localStorageRouter } from './local-storage.router.js';
import { S3Storage } from './s3-storage.js';
import {
  assertValidPrefix,
  attachmentDisposition,
  bucketProblem,
  keyProblem,
  type ListedObject,
  type Storage,
  StorageKeyError,
  StorageNotFoundError,
  StorageVersionMismatchError,
} from './storage.js';

const BUCKETS = ['photos', 'music', 'videos'];
const BAD_KEYS = [
  '',
  '../etc/passwd',
  'a/../../b',
  'a/./b',
  '/abs',
  'a\\b',
  'a//b',
  'a/',
  `x${'y'.repeat(1024)}`,
  'a\nb',
  'a\u0000b',
];

interface Fixture {
  storage: Storage;
  close(): Promise<void>;
}

async function s3Fixture(): Promise<Fixture> {
  const server = await startS3Server();
  const storage = new S3Storage(server);
  await storage.ensureBuckets(BUCKETS);
  return { storage, close: server.stop };
}

async function localFixture(): Promise<Fixture> {
  const rootDir = await mkdtemp(join(tmpdir(), 'memoreel-storage-'));
  const app = express();
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const storage = new LocalStorage({
    rootDir,
    publicBaseUrl: `http://127.0.0.1:${port}`,
    signingSecret: 'test-secret-test-secret-test-secret',
  });
  app.use('/storage', localStorageRouter(storage));
  await storage.ensureBuckets(BUCKETS);
  return {
    storage,
    async close() {
      server.closeAllConnections();
      server.close();
      await rm(rootDir, { recursive: true, force: true });
    },
  };
}

/** Presigns with the clock an hour back, so the URL expired long ago. */
async function expiredUrl(presign: () => Promise<string>): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 60 * 60 * 1000);
  try {
    return await presign();
  } finally {
    vi.useRealTimers();
  }
}

/** The photos under `prefix`, sorted: s3rver, unlike S3, does not list in key order. */
async function listed(storage: Storage, prefix: string): Promise<ListedObject[]> {
  const all: ListedObject[] = [];
  for await (const item of storage.list('photos', prefix)) all.push(item);
  return all.sort((a, b) => (a.key < b.key ? -1 : 1));
}

describe.each([
  ['s3', s3Fixture],
  ['local', localFixture],
])('Storage (%s adapter)', (adapter, start) => {
  let fixture: Fixture;
  let storage: Storage;

  beforeAll(async () => {
    fixture = await start();
    storage = fixture.storage;
  });
  afterAll(() => fixture.close());
  // Every test writes under its own prefix, so tests never see each other's objects.
  const fresh = () => randomUUID();

  it('stores, stats and streams back an object', async () => {
    const key = `${fresh()}/photo.jpg`;
    await storage.put('photos', key, Buffer.from('jpeg bytes'), { contentType: 'image/jpeg' });

    expect(await text(await storage.get('photos', key))).toBe('jpeg bytes');
    const stat = await storage.stat('photos', key);
    expect(stat).toMatchObject({ size: 10, contentType: 'image/jpeg' });
    expect(stat?.lastModified).toBeInstanceOf(Date);
    expect(stat?.etag).toBeTruthy();
  });

  it('stores a stream of unknown length', async () => {
    const key = `${fresh()}/track.mp3`;
    await storage.put('music', key, Readable.from([Buffer.from('id3 '), Buffer.from('frames')]), {
      contentType: 'audio/mpeg',
    });

    expect(await text(await storage.get('music', key))).toBe('id3 frames');
    expect(await storage.stat('music', key)).toMatchObject({ size: 10, contentType: 'audio/mpeg' });
  });

  it('replaces an object and its content type on a second put', async () => {
    const key = `${fresh()}/a`;
    await storage.put('photos', key, Buffer.from('first'), { contentType: 'image/png' });
    await storage.put('photos', key, Buffer.from('second!'), { contentType: 'image/webp' });

    expect(await text(await storage.get('photos', key))).toBe('second!');
    expect(await storage.stat('photos', key)).toMatchObject({ size: 7, contentType: 'image/webp' });
  });

  it('reports a missing object as null from stat and StorageNotFoundError from get', async () => {
    const key = `${fresh()}/missing.jpg`;
    expect(await storage.stat('photos', key)).toBeNull();
    await expect(storage.get('photos', key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('copies an object with its content type to a key of its own, which later writes to the source leave alone', async () => {
    const project = fresh();
    await storage.put('photos', `${project}/uploads/a.png`, Buffer.from('png bytes'), {
      contentType: 'image/png',
    });

    await storage.copy('photos', `${project}/uploads/a.png`, `${project}/a.png`);
    await storage.put('photos', `${project}/uploads/a.png`, Buffer.from('other'), {
      contentType: 'image/gif',
    });

    expect(await text(await storage.get('photos', `${project}/a.png`))).toBe('png bytes');
    expect(await storage.stat('photos', `${project}/a.png`)).toMatchObject({
      size: 9,
      contentType: 'image/png',
    });
    await expect(
      storage.copy('photos', `${project}/uploads/missing.png`, `${project}/b.png`),
    ).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.stat('photos', `${project}/b.png`)).toBeNull();
  });

  it("reads a byte range with the whole object's size, type and version", async () => {
    const key = `${fresh()}/photo.jpg`;
    await storage.put('photos', key, Buffer.from('0123456789'), { contentType: 'image/jpeg' });

    const middle = await storage.getRange('photos', key, 3, 4);
    expect(middle.bytes.toString()).toBe('3456');
    expect(middle).toMatchObject({ size: 10, contentType: 'image/jpeg' });
    expect(middle.version).toBeTruthy();
    const tail = await storage.getRange('photos', key, 8, 100);
    expect(tail.bytes.toString()).toBe('89');
    expect(tail.version).toBe(middle.version);

    await storage.put('photos', key, Buffer.from('9876543210'), { contentType: 'image/jpeg' });
    const rewritten = await storage.getRange('photos', key, 0, 2);
    expect(rewritten.bytes.toString()).toBe('98');
    expect(rewritten.version).not.toBe(middle.version);
    await expect(storage.getRange('photos', `${fresh()}/missing.jpg`, 0, 10)).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    await expect(storage.getRange('photos', key, -1, 10)).rejects.toThrow(RangeError);
  });

  it('copies the version it was given and names the copy the same bytes', async () => {
    const project = fresh();
    await storage.put('photos', `${project}/uploads/a.jpg`, Buffer.from('judged bytes'), {
      contentType: 'image/jpeg',
    });
    const { version } = await storage.getRange('photos', `${project}/uploads/a.jpg`, 0, 6);

    const copy = await storage.copy('photos', `${project}/uploads/a.jpg`, `${project}/a.jpg`, {
      ifVersion: version,
    });

    const kept = await storage.getRange('photos', `${project}/a.jpg`, 0, 100);
    expect(kept.bytes.toString()).toBe('judged bytes');
    expect(kept.version).toBe(copy.version);
  });

  // s3rver does not evaluate x-amz-copy-source-if-match; S3 and MinIO answer 412, mapped the same way.
  it.skipIf(adapter === 's3')('copies nothing once the source is no longer the version read', async () => {
    const project = fresh();
    await storage.put('photos', `${project}/uploads/a.jpg`, Buffer.from('judged bytes'), {
      contentType: 'image/jpeg',
    });
    const { version } = await storage.getRange('photos', `${project}/uploads/a.jpg`, 0, 6);
    await storage.put('photos', `${project}/uploads/a.jpg`, Buffer.from('a swapped file'), {
      contentType: 'image/jpeg',
    });

    await expect(
      storage.copy('photos', `${project}/uploads/a.jpg`, `${project}/a.jpg`, { ifVersion: version }),
    ).rejects.toBeInstanceOf(StorageVersionMismatchError);
    expect(await storage.stat('photos', `${project}/a.jpg`)).toBeNull();
  });

  it('deletes an object, and deleting a missing one is not an error', async () => {
    const key = `${fresh()}/gone.jpg`;
    await storage.put('photos', key, Buffer.from('x'), { contentType: 'image/jpeg' });

    await storage.delete('photos', key);
    await storage.delete('photos', key);
    expect(await storage.stat('photos', key)).toBeNull();
  });

  it('lists objects under a string prefix', async () => {
    const project = fresh();
    for (const key of ['b.jpg', 'a/2.jpg', 'a-1.jpg', 'a/1.jpg', 'ab.jpg']) {
      await storage.put('photos', `${project}/${key}`, Buffer.from(key), { contentType: 'image/jpeg' });
    }

    expect(await listed(storage, `${project}/`)).toEqual([
      { key: `${project}/a-1.jpg`, size: 7 },
      { key: `${project}/a/1.jpg`, size: 7 },
      { key: `${project}/a/2.jpg`, size: 7 },
      { key: `${project}/ab.jpg`, size: 6 },
      { key: `${project}/b.jpg`, size: 5 },
    ]);
    expect((await listed(storage, `${project}/a`)).map((o) => o.key)).toEqual([
      `${project}/a-1.jpg`,
      `${project}/a/1.jpg`,
      `${project}/a/2.jpg`,
      `${project}/ab.jpg`,
    ]);
    expect(await listed(storage, `${project}/none/`)).toEqual([]);
  });

  it('deletes every object under a prefix and nothing else', async () => {
    const project = fresh();
    const neighbour = `${project}-other/keep.jpg`;
    for (const key of [`${project}/1.jpg`, `${project}/2.jpg`, `${project}/thumbs/1.webp`, neighbour]) {
      await storage.put('photos', key, Buffer.from('x'), { contentType: 'image/jpeg' });
    }

    expect(await storage.deletePrefix('photos', `${project}/`)).toBe(3);
    expect(await listed(storage, `${project}/`)).toEqual([]);
    expect(await storage.stat('photos', neighbour)).not.toBeNull();
    expect(await storage.deletePrefix('photos', `${project}/`)).toBe(0);
  });

  it.each(BAD_KEYS)('refuses the key %j everywhere', async (key) => {
    const options = { expiresInSeconds: 60, contentType: 'image/jpeg', maxBytes: 10 };
    await expect(storage.put('photos', key, Buffer.from('x'), options)).rejects.toThrow(StorageKeyError);
    await expect(storage.get('photos', key)).rejects.toThrow(StorageKeyError);
    await expect(storage.stat('photos', key)).rejects.toThrow(StorageKeyError);
    await expect(storage.delete('photos', key)).rejects.toThrow(StorageKeyError);
    await expect(storage.presignGet('photos', key, options)).rejects.toThrow(StorageKeyError);
    await expect(storage.presignPut('photos', key, options)).rejects.toThrow(StorageKeyError);
  });

  it('refuses an invalid bucket name', async () => {
    await expect(storage.stat('../photos', 'a.jpg')).rejects.toThrow(StorageKeyError);
    await expect(storage.ensureBuckets(['.tmp'])).rejects.toThrow(StorageKeyError);
  });

  it('serves a presigned GET to plain fetch', async () => {
    const key = `${fresh()}/photo.jpg`;
    await storage.put('photos', key, Buffer.from('jpeg bytes'), { contentType: 'image/jpeg' });

    const response = await fetch(await storage.presignGet('photos', key, { expiresInSeconds: 60 }));

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(await response.text()).toBe('jpeg bytes');
  });

  it('serves a presigned GET as a named attachment', async () => {
    const key = `${fresh()}/video.mp4`;
    await storage.put('videos', key, Buffer.from('mp4'), { contentType: 'video/mp4' });

    const url = await storage.presignGet('videos', key, {
      expiresInSeconds: 60,
      downloadName: 'Grandma 90.mp4',
    });
    const response = await fetch(url);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Grandma 90.mp4"; filename*=UTF-8''Grandma%2090.mp4`,
    );
  });

  it('stores the body of a presigned PUT made with plain fetch', async () => {
    const key = `temp/${fresh()}.png`;
    const url = await storage.presignPut('photos', key, {
      expiresInSeconds: 60,
      contentType: 'image/png',
      maxBytes: 1024,
    });

    const response = await fetch(url, {
      method: 'PUT',
      body: 'png bytes',
      headers: { 'Content-Type': 'image/png' },
    });

    expect(response.status).toBe(200);
    expect(await storage.stat('photos', key)).toMatchObject({ size: 9, contentType: 'image/png' });
    expect(await text(await storage.get('photos', key))).toBe('png bytes');
  });

  it('refuses expired presigned URLs', async () => {
    const key = `${fresh()}/photo.jpg`;
    await storage.put('photos', key, Buffer.from('jpeg bytes'), { contentType: 'image/jpeg' });
    const getUrl = await expiredUrl(() => storage.presignGet('photos', key, { expiresInSeconds: 60 }));
    const putUrl = await expiredUrl(() =>
      storage.presignPut('photos', key, { expiresInSeconds: 60, contentType: 'image/jpeg', maxBytes: 100 }),
    );

    expect((await fetch(getUrl)).status).toBe(403);
    expect((await fetch(putUrl, { method: 'PUT', body: 'overwritten' })).status).toBe(403);
    expect(await text(await storage.get('photos', key))).toBe('jpeg bytes');
  });

  it('refuses an expiry beyond seven days', async () => {
    await expect(storage.presignGet('photos', 'a.jpg', { expiresInSeconds: 8 * 24 * 3600 })).rejects.toThrow(
      RangeError,
    );
  });

  it('is ready once its buckets exist', async () => {
    expect(await storage.isReady()).toBe(true);
  });
});

// The local adapter's own folders (the S3 stand-in, s3rver, has a race of its own here: it is a test
// server, and S3 itself keeps no folders).
describe('Storage (local adapter) under concurrent deletes', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await localFixture();
  });
  afterAll(() => fixture.close());

  it('stores every object while deletes empty the folders beside them', async () => {
    // Uploads land under {project}/uploads/ while completed ones leave it: a delete of a folder's
    // last object prunes the folders it leaves empty, and a write beside it must not fail for it (a
    // PUT answered 500 in a 400-photo upload did). Eight writers put and delete in one folder.
    const project = randomUUID();
    const failures: unknown[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        for (let round = 0; round < 150; round += 1) {
          const key = `${project}/uploads/${lane}-${round}.jpg`;
          try {
            await fixture.storage.put('photos', key, Buffer.from('x'), { contentType: 'image/jpeg' });
            await fixture.storage.delete('photos', key);
          } catch (error) {
            failures.push(error);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(await listed(fixture.storage, `${project}/`)).toEqual([]);
  });
});

describe('key validation', () => {
  it.each([
    ['', 'is empty'],
    ['../x', 'has a relative path segment'],
    ['a/./b', 'has a relative path segment'],
    ['/x', 'is an absolute path'],
    ['a\\b', 'contains a backslash'],
    ['a//b', 'has an empty path segment'],
    ['a/', 'has an empty path segment'],
    ['a\tb', 'contains a control character'],
    ['a\u007fb', 'contains a control character'],
    ['é'.repeat(513), 'is longer than 1024 bytes'],
  ])('rejects %j: %s', (key, problem) => {
    expect(keyProblem(key)).toBe(problem);
  });

  it.each(['proj-1/0b6f.jpg', 'temp/0b6f.png', 'a..b/c.d', '.hidden/x', 'é'.repeat(512)])(
    'accepts %j',
    (key) => {
      expect(keyProblem(key)).toBeUndefined();
    },
  );

  it('accepts an empty prefix and a prefix ending in a slash, not a traversal', () => {
    expect(() => assertValidPrefix('')).not.toThrow();
    expect(() => assertValidPrefix('proj/')).not.toThrow();
    expect(() => assertValidPrefix('proj/pa')).not.toThrow();
    expect(() => assertValidPrefix('../')).toThrow(StorageKeyError);
  });

  it('accepts S3 bucket names only', () => {
    expect(bucketProblem('photos')).toBeUndefined();
    for (const bucket of ['', 'Photos', '.meta', 'a', 'a..b', 'a/b', '-x-']) {
      expect(bucketProblem(bucket)).toBeDefined();
    }
  });

  it('encodes a download name with an ASCII fallback', () => {
    expect(attachmentDisposition('Mémé "90".mp4')).toBe(
      `attachment; filename="M_m_ _90_.mp4"; filename*=UTF-8''M%C3%A9m%C3%A9%20%2290%22.mp4`,
    );
  });
});
