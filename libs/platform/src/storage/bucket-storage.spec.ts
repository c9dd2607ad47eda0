import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CONTEXT, type ServiceContext } from '../nest/service-context.js';
import { bucketStorage } from './bucket-storage.js';
import { LocalStorage } from './local-storage.js';

class PhotoStorage extends bucketStorage('photos') {}
class MusicStorage extends bucketStorage('music') {}

@Injectable()
class PhotoShelf {
  constructor(
    readonly photos: PhotoStorage,
    readonly music: MusicStorage,
  ) {}
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'memoreel-bucket-storage-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const contextFor = (env: ServiceContext['env']) => ({ name: 'media', env }) as ServiceContext;

describe('bucketStorage', () => {
  it("injects each named bucket by class, on the storage the service's environment chose, made at start", async () => {
    const module = await Test.createTestingModule({
      providers: [
        PhotoShelf,
        PhotoStorage,
        MusicStorage,
        {
          provide: SERVICE_CONTEXT,
          useValue: contextFor({
            STORAGE_DRIVER: 'local',
            STORAGE_DIR: dir,
            STORAGE_SIGNING_SECRET: randomBytes(32).toString('hex'),
            PUBLIC_URL: 'http://localhost:3000',
          }),
        },
      ],
    }).compile();
    const shelf = module.get(PhotoShelf);
    expect(shelf.photos).toBeInstanceOf(PhotoStorage);
    expect(shelf.photos.bucket).toBe('photos');
    expect(shelf.music.bucket).toBe('music');
    expect(shelf.photos.storage).toBeInstanceOf(LocalStorage);
    expect(existsSync(join(dir, 'photos'))).toBe(false);

    await module.init();
    expect(existsSync(join(dir, 'photos'))).toBe(true);
    expect(existsSync(join(dir, 'music'))).toBe(true);
    expect(await shelf.music.storage.isReady()).toBe(true);
    await shelf.photos.storage.put('photos', 'a/b.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    expect((await shelf.photos.storage.stat('photos', 'a/b.txt'))?.size).toBe(5);
    await module.close();
  });

  it('refuses an environment without storage settings when the service starts', async () => {
    const compiling = Test.createTestingModule({
      providers: [PhotoStorage, { provide: SERVICE_CONTEXT, useValue: contextFor({}) }],
    }).compile();
    await expect(compiling).rejects.toThrow(/STORAGE_DRIVER/);
  });
});
