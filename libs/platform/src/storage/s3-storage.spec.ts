import { text } from 'node:stream/consumers';
import { type S3Server, startS3Server } from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPresignedUrlWithHeaders } from './s3-signed-headers.js';
import { S3Storage } from './s3-storage.js';

const APP_ORIGIN = 'http://app.example';

// What the shared suite in storage.spec.ts cannot cover: S3-only options and bucket bootstrap.
describe('S3Storage', () => {
  let server: S3Server;
  let storage: S3Storage;

  beforeAll(async () => {
    server = await startS3Server();
    storage = new S3Storage({ ...server, corsOrigins: [APP_ORIGIN] });
    await storage.ensureBuckets(['photos']);
  });
  afterAll(() => server.stop());

  const preflight = (origin: string) =>
    fetch(`http://${server.endPoint}:${server.port}/photos/any.jpg`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT' },
    });

  it('gives created buckets a CORS rule for the configured origins', async () => {
    const allowed = await preflight(APP_ORIGIN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT');

    expect((await preflight('http://evil.example')).status).toBe(403);
  });

  it('ensures existing buckets again without error', async () => {
    await storage.ensureBuckets(['photos', 'photos']);
    expect(await storage.isReady()).toBe(true);
  });

  it('signs presigned URLs for the public host when one is configured', async () => {
    const behindProxy = new S3Storage({ ...server, publicUrl: 'https://media.example.com' });

    const url = new URL(await behindProxy.presignGet('photos', 'p/a.jpg', { expiresInSeconds: 60 }));

    expect(url.origin).toBe('https://media.example.com');
    expect(url.pathname).toBe('/photos/p/a.jpg');
  });

  it('stores a browser form upload made with a presigned POST policy', async () => {
    const { url, fields } = await storage.presignPost('photos', 'temp/form.png', {
      expiresInSeconds: 60,
      contentType: 'image/png',
      maxBytes: 1024,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob(['png bytes'], { type: 'image/png' }));

    const response = await fetch(url, { method: 'POST', body: form });

    expect(response.status).toBeLessThan(300);
    expect(await text(await storage.get('photos', 'temp/form.png'))).toBe('png bytes');
    expect(fields).toMatchObject({ key: 'temp/form.png', 'Content-Type': 'image/png' });
  });

  it('signs a presigned PUT again exactly as minio does (the same canonical request and key)', async () => {
    const url = await storage.presignPut('photos', 'p/uploads/a b+c.jpg', {
      expiresInSeconds: 60,
      contentType: 'image/jpeg',
      maxBytes: 1024,
    });
    expect(signPresignedUrlWithHeaders(url, {}, server)).toBe(url);
  });

  // s3rver checks no signature, so what it can show is the signed header and an upload of that size;
  // MinIO and S3 refuse any other Content-Length against the signature.
  it('signs the declared size as the PUT Content-Length', async () => {
    const url = await storage.presignPut('photos', 'p/uploads/sized.jpg', {
      expiresInSeconds: 60,
      contentType: 'image/jpeg',
      maxBytes: 1024,
      size: 9,
    });
    const query = new URL(url).searchParams;
    expect(query.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    const unsized = await storage.presignPut('photos', 'p/uploads/sized.jpg', {
      expiresInSeconds: 60,
      contentType: 'image/jpeg',
      maxBytes: 1024,
    });
    expect(query.get('X-Amz-Signature')).not.toBe(new URL(unsized).searchParams.get('X-Amz-Signature'));

    expect((await fetch(url, { method: 'PUT', body: 'jpg bytes' })).status).toBe(200);
    expect(await text(await storage.get('photos', 'p/uploads/sized.jpg'))).toBe('jpg bytes');
  });

  it('is not ready when the server is unreachable', async () => {
    const unreachable = new S3Storage({ ...server, port: 1 });
    expect(await unreachable.isReady()).toBe(false);
  });
});

describe('startS3Server', () => {
  it('creates buckets with a CORS rule from its own config', async () => {
    const server = await startS3Server({ buckets: ['videos'], corsOrigins: [APP_ORIGIN] });
    try {
      const response = await fetch(`http://${server.endPoint}:${server.port}/videos/clip.mp4`, {
        method: 'OPTIONS',
        headers: { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'GET' },
      });
      expect(response.status).toBe(200);
      expect(await new S3Storage(server).stat('videos', 'clip.mp4')).toBeNull();
    } finally {
      await server.stop();
    }
  });
});
