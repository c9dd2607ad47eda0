import { once } from 'node:events';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalStorage } from './local-storage.js';
import { localStorageRouter } from './local-storage.router.js';

const APP_ORIGIN = 'http://app.example';
const BODY = Buffer.from('0123456789abcdefghij');

describe('localStorageRouter', () => {
  let rootDir: string;
  let server: Server;
  let baseUrl: string;
  let storage: LocalStorage;

  beforeAll(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'memoreel-storage-router-'));
    const app = express();
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    storage = new LocalStorage({
      rootDir,
      publicBaseUrl: baseUrl,
      signingSecret: 'router-secret-router-secret-router',
    });
    app.use('/storage', localStorageRouter(storage, { corsOrigins: [APP_ORIGIN] }));
    await storage.ensureBuckets(['photos', 'videos']);
    await storage.put('videos', 'p1/clip.mp4', BODY, { contentType: 'video/mp4' });
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await rm(rootDir, { recursive: true, force: true });
  });

  const getUrl = () => storage.presignGet('videos', 'p1/clip.mp4', { expiresInSeconds: 300 });
  const putUrl = (key: string, maxBytes = 10) =>
    storage.presignPut('photos', key, { expiresInSeconds: 300, contentType: 'image/jpeg', maxBytes });
  const tmpFiles = () => readdir(join(rootDir, '.tmp')).catch(() => []);

  it('streams the object with its type, length, validator and a private cache lifetime', async () => {
    const response = await fetch(await getUrl());

    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '20',
      'accept-ranges': 'bytes',
      'cache-control': expect.stringMatching(/^private, max-age=(29\d|300)$/),
      'x-content-type-options': 'nosniff',
      etag: (await storage.stat('videos', 'p1/clip.mp4'))?.etag,
    });
    expect(Buffer.from(await response.arrayBuffer())).toEqual(BODY);
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const response = await fetch(await getUrl(), { headers: { Range: 'bytes=5-9' } });

    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 5-9/20');
    expect(await response.text()).toBe('56789');
  });

  it('answers an open-ended Range and refuses an unsatisfiable one', async () => {
    const url = await getUrl();
    const tail = await fetch(url, { headers: { Range: 'bytes=15-' } });
    expect(tail.status).toBe(206);
    expect(await tail.text()).toBe('fghij');

    const beyond = await fetch(url, { headers: { Range: 'bytes=50-60' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */20');
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await fetch(await getUrl(), { method: 'HEAD' });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('20');
  });

  it('refuses a tampered signature, key or expiry with 403', async () => {
    const url = new URL(await getUrl());
    const tampered = [
      withParam(url, 'sig', `${url.searchParams.get('sig')?.slice(0, -2)}AA`),
      withParam(url, 'expires', String(Number(url.searchParams.get('expires')) + 3600)),
      new URL(url.href.replace('/p1/clip.mp4', '/p1/other.mp4')),
    ];
    for (const target of tampered) {
      const response = await fetch(target);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'bad signature' });
    }
  });

  it('refuses an expired URL with 403', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 600_000);
    const url = await getUrl();
    vi.useRealTimers();

    const response = await fetch(url);

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'expired' });
  });

  it('refuses a URL used with another method with 403', async () => {
    const asPut = await fetch(await getUrl(), { method: 'PUT', body: 'x' });
    expect(asPut.status).toBe(403);
    expect(await asPut.json()).toEqual({ error: 'wrong method' });

    const asGet = await fetch(await putUrl('wrong-method.jpg'));
    expect(asGet.status).toBe(403);
    expect(await asGet.json()).toEqual({ error: 'wrong method' });
  });

  it('answers 404 for a validly signed URL to a missing object', async () => {
    const response = await fetch(await storage.presignGet('videos', 'p1/none.mp4', { expiresInSeconds: 60 }));

    expect(response.status).toBe(404);
  });

  it('stores a PUT body with the signed content type, not the one sent', async () => {
    const response = await fetch(await putUrl('p1/signed-type.jpg'), {
      method: 'PUT',
      body: 'jpeg',
      headers: { 'Content-Type': 'text/html' },
    });

    expect(response.status).toBe(200);
    expect(await storage.stat('photos', 'p1/signed-type.jpg')).toMatchObject({
      size: 4,
      contentType: 'image/jpeg',
    });
  });

  it('refuses a body declared larger than the signed maximum with 413, before reading it', async () => {
    const response = await send(await putUrl('p1/declared.jpg'), 'PUT', { 'Content-Length': '11' }, [
      'x'.repeat(11),
    ]);

    expect(response).toEqual({ status: 413, body: { error: 'too large' } });
    expect(await storage.stat('photos', 'p1/declared.jpg')).toBeNull();
  });

  it('refuses a chunked body with 413 as soon as it passes the maximum, leaving no file', async () => {
    const chunks = ['12345', '67890', 'overflow', 'never needed'];
    const response = await send(await putUrl('p1/chunked.jpg'), 'PUT', {}, chunks);

    expect(response).toEqual({ status: 413, body: { error: 'too large' } });
    expect(await storage.stat('photos', 'p1/chunked.jpg')).toBeNull();
    expect(await tmpFiles()).toEqual([]);
  });

  it('accepts a body of exactly the signed maximum', async () => {
    const response = await send(await putUrl('p1/exact.jpg'), 'PUT', {}, ['12345', '67890']);

    expect(response.status).toBe(200);
    expect(await storage.stat('photos', 'p1/exact.jpg')).toMatchObject({ size: 10 });
  });

  it('refuses path traversal with 400 and serves nothing outside the bucket', async () => {
    await writeFile(join(rootDir, 'secret.txt'), 'secret');
    const query = new URL(await getUrl()).search;
    const paths = [
      '/storage/videos/../secret.txt',
      '/storage/videos/%2e%2e/secret.txt',
      '/storage/videos/p1%2F..%2F..%2Fsecret.txt',
      '/storage/videos/p1/a%5Cb',
      '/storage/videos/p1//clip.mp4',
    ];
    for (const path of paths) {
      const response = await send(`${baseUrl}${path}${query}`, 'GET');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: expect.stringMatching(/^invalid key: /) });
    }
  });

  it('answers a CORS preflight from an allowed origin', async () => {
    const response = await fetch(await putUrl('p1/cors.jpg'), {
      method: 'OPTIONS',
      headers: { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'PUT' },
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('gives other origins no CORS grant', async () => {
    const response = await fetch(await getUrl(), {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example' },
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('holds a PUT URL with an exact size to it: a longer, shorter or unmeasured body is refused', async () => {
    const url = await storage.presignPut('photos', 'p1/uploads/exact.jpg', {
      expiresInSeconds: 300,
      contentType: 'image/jpeg',
      maxBytes: 100,
      size: 5,
    });
    expect((await fetch(url, { method: 'PUT', body: 'abcdef' })).status).toBe(413);
    expect((await fetch(url, { method: 'PUT', body: 'abcd' })).status).toBe(400);
    expect((await send(url, 'PUT', {}, ['abc', 'de'])).status).toBe(400);
    expect(await storage.stat('photos', 'p1/uploads/exact.jpg')).toBeNull();

    expect((await fetch(url, { method: 'PUT', body: 'abcde' })).status).toBe(200);
    expect((await storage.stat('photos', 'p1/uploads/exact.jpg'))?.size).toBe(5);
  });

  it('refuses every PUT URL of a key once its upload is closed, until the record expires', async () => {
    const url = await putUrl('p1/uploads/closed.jpg');
    await storage.closePutUrls('photos', 'p1/uploads/closed.jpg', new Date(Date.now() + 60_000));

    const response = await fetch(url, { method: 'PUT', body: 'abc' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'closed' });
    expect(await storage.stat('photos', 'p1/uploads/closed.jpg')).toBeNull();

    // Kept by a sweep while a URL could still use it; forgotten by one after.
    await storage.deletePrefix('photos', 'p1/uploads/');
    expect(await storage.putUrlsClosed('photos', 'p1/uploads/closed.jpg')).toBe(true);
    await storage.closePutUrls('photos', 'p1/uploads/closed.jpg', new Date(Date.now() - 1));
    await storage.deletePrefix('photos', 'p1/uploads/');
    expect(await storage.putUrlsClosed('photos', 'p1/uploads/closed.jpg')).toBe(false);
  });
});

function withParam(url: URL, name: string, value: string): URL {
  const changed = new URL(url);
  changed.searchParams.set(name, value);
  return changed;
}

/**
 * A raw HTTP request: unlike fetch it keeps `..` in the path, streams chunks one by one (chunked
 * encoding unless a length is given) and still reads the answer when the server stops the upload early.
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string> = {},
  chunks: string[] = [],
): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(url);
  const path = url.slice(url.indexOf('/', 'http://'.length));
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, async (res) => {
      let text = '';
      for await (const chunk of res) text += chunk;
      const isJson = res.headers['content-type']?.startsWith('application/json');
      resolve({ status: res.statusCode ?? 0, body: isJson ? JSON.parse(text) : text });
    });
    req.on('error', reject);
    (async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        req.write(chunk);
        await new Promise((next) => setTimeout(next, 5));
      }
      req.end();
    })();
  });
}
