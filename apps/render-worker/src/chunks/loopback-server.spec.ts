import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoopbackServer } from './loopback-server.js';

describe('LoopbackServer', () => {
  let dir: string;
  let server: LoopbackServer;
  let upstream: Server;
  let upstreamUrl: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'memoreel-loopback-'));
    await mkdir(join(dir, 'page', 'assets'), { recursive: true });
    await writeFile(join(dir, 'page', 'index.html'), '<!doctype html>');
    await writeFile(join(dir, 'page', 'assets', 'a.js'), 'export {}');
    await writeFile(join(dir, 'secret.txt'), 'not for the page');
    await writeFile(join(dir, 'photo.jpg'), 'jpeg bytes');
    upstream = createServer((request, response) => {
      if (request.url === '/photos/b.jpg?sig=1')
        response.writeHead(200, { 'content-type': 'image/jpeg' }).end('remote');
      else response.writeHead(403).end();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    server = await LoopbackServer.start(join(dir, 'page'));
  });

  afterAll(async () => {
    await server.close();
    upstream.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the page on 127.0.0.1 with content types, and nothing outside its folder', async () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await fetch(server.pageUrl);
    expect(page.headers.get('content-type')).toContain('text/html');
    const script = await fetch(`${server.origin}/page/assets/a.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${server.origin}/page/..%2Fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${server.origin}/page/assets/missing.js`)).status).toBe(404);
  });

  it('hands a job its photos by index, from local files and from http(s) URLs, and only while it is open', async () => {
    const job = server.openJob([
      join(dir, 'photo.jpg'),
      pathToFileURL(join(dir, 'photo.jpg')).href,
      `${upstreamUrl}/photos/b.jpg?sig=1`,
    ]);
    expect(await (await fetch(job.mediaUrl(0))).text()).toBe('jpeg bytes');
    expect(await (await fetch(job.mediaUrl(1))).text()).toBe('jpeg bytes');
    const remote = await fetch(job.mediaUrl(2));
    expect([remote.headers.get('content-type'), await remote.text()]).toEqual(['image/jpeg', 'remote']);
    expect((await fetch(job.mediaUrl(3))).status).toBe(404);
    job.end();
    expect((await fetch(job.mediaUrl(0))).status).toBe(404);
  });

  it('serves a photo with a content key at one cacheable URL for every job, while a job holding it is open', async () => {
    const first = server.openJob([join(dir, 'photo.jpg'), join(dir, 'photo.jpg')], ['k1', undefined]);
    const second = server.openJob([`${upstreamUrl}/photos/b.jpg?sig=1`], ['k2']);
    const later = server.openJob([join(dir, 'photo.jpg')], ['k1']);
    expect(first.mediaUrl(0)).toBe(`${server.origin}/photo/k1`);
    expect(later.mediaUrl(0)).toBe(first.mediaUrl(0));
    expect(first.mediaUrl(1)).toMatch(/\/media\/[^/]+\/1$/);
    const cached = await fetch(first.mediaUrl(0));
    expect([await cached.text(), cached.headers.get('cache-control')]).toEqual([
      'jpeg bytes',
      'private, max-age=86400, immutable',
    ]);
    expect(await (await fetch(second.mediaUrl(0))).text()).toBe('remote');
    expect((await fetch(first.mediaUrl(1))).headers.get('cache-control')).toBeNull();
    first.end();
    expect((await fetch(later.mediaUrl(0))).status).toBe(200);
    later.end();
    second.end();
    expect((await fetch(`${server.origin}/photo/k1`)).status).toBe(404);
    expect((await fetch(`${server.origin}/photo/k2`)).status).toBe(404);
  });

  it('reports a photo its source refuses as a bad gateway', async () => {
    const job = server.openJob([`${upstreamUrl}/photos/forbidden.jpg`, join(dir, 'missing.jpg')]);
    expect((await fetch(job.mediaUrl(0))).status).toBe(502);
    expect((await fetch(job.mediaUrl(1))).status).toBe(404);
    job.end();
  });

  it('takes nothing from the page: a write to any path is not found and stores nothing', async () => {
    const job = server.openJob([join(dir, 'photo.jpg')]);
    const id = new URL(job.mediaUrl(0)).pathname.split('/')[2];
    const files = await readdir(dir, { recursive: true });
    for (const path of [`/output/${id}`, `/media/${id}/0`, '/page/index.html']) {
      const response = await fetch(`${server.origin}${path}`, { method: 'PUT', body: 'written?' });
      expect([path, response.status]).toEqual([path, 404]);
    }
    expect(await (await fetch(job.mediaUrl(0))).text()).toBe('jpeg bytes');
    expect(await readdir(dir, { recursive: true })).toEqual(files);
    expect(await readFile(join(dir, 'page', 'index.html'), 'utf8')).toBe('<!doctype html>');
    job.end();
  });
});
