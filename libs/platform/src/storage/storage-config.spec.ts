import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, loadConfig } from '../config/config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import { createStorage, storageEnvironment } from './storage-config.js';

describe('storage from the environment', () => {
  it('is the local folder served by the gateway in standalone', async () => {
    const storage = createStorage(
      loadConfig(storageEnvironment, {
        STORAGE_DRIVER: 'local',
        STORAGE_DIR: '/tmp/memoreel-storage-config',
        STORAGE_SIGNING_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'http://localhost:3000',
      }),
    );
    expect(storage).toBeInstanceOf(LocalStorage);
    const url = await storage.presignPut('photos', 'p/a.jpg', {
      expiresInSeconds: 60,
      contentType: 'image/jpeg',
      maxBytes: 10,
    });
    expect(url.startsWith('http://localhost:3000/storage/photos/p/a.jpg?')).toBe(true);
  });

  it('is S3 in the cluster, presigning for the public origin', async () => {
    const config = loadConfig(storageEnvironment, {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY: 'key',
      S3_SECRET_KEY: 'secret',
      S3_PUBLIC_URL: 'https://media.example.com',
      S3_CORS_ORIGINS: 'https://app.example.com, https://www.example.com',
    });
    expect(config).toMatchObject({
      S3_REGION: 'us-east-1',
      S3_CORS_ORIGINS: ['https://app.example.com', 'https://www.example.com'],
    });
    const storage = createStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    const url = await storage.presignGet('photos', 'p/a.jpg', { expiresInSeconds: 3600 });
    expect(url.startsWith('https://media.example.com/photos/p/a.jpg?')).toBe(true);
  });

  it('names what is missing', () => {
    expect(() => loadConfig(storageEnvironment, {})).toThrow(InvalidEnvironmentError);
    expect(() =>
      loadConfig(storageEnvironment, { STORAGE_DRIVER: 'local', STORAGE_DIR: '/x', PUBLIC_URL: 'http://a' }),
    ).toThrow(/STORAGE_SIGNING_SECRET/);
  });
});
