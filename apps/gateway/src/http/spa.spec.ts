import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaRouter } from './spa.js';

/** Which HTML each path gets from a web build that prerendered `/` and `/faq`. */

let distDir: string;
let server: Server;
let origin: string;

function writePage(path: string, text: string): void {
  writeFileSync(join(distDir, path), `<!doctype html><title>${text}</title>`);
}

async function pageAt(path: string): Promise<{ status: number; body: string; cacheControl: string | null }> {
  const response = await fetch(`${origin}${path}`);
  return {
    status: response.status,
    body: await response.text(),
    cacheControl: response.headers.get('cache-control'),
  };
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'memoreel-spa-'));
  mkdirSync(join(distDir, 'assets'));
  mkdirSync(join(distDir, 'prerendered'));
  writePage('index.html', 'shell');
  writePage('prerendered/index.html', 'landing');
  writePage('prerendered/faq.html', 'landing at faq');
  writeFileSync(join(distDir, 'assets', 'app-1234.js'), 'export {};');
  const app = express();
  app.use(spaRouter(distDir));
  app.use((_req, res) => res.status(404).send('api'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('spaRouter', () => {
  it('answers the landing paths with their prerendered page', async () => {
    expect(await pageAt('/')).toMatchObject({ status: 200, body: expect.stringContaining('landing') });
    expect((await pageAt('/?ref=newsletter')).body).toContain('<title>landing</title>');
    expect((await pageAt('/faq')).body).toContain('landing at faq');
    expect((await pageAt('/faq')).cacheControl).toBe('no-cache');
  });

  it('answers every other path with the plain shell, so the client router decides', async () => {
    for (const path of ['/dashboard', '/login', '/no-such-page', '/faq/more', '/prerendered/faq']) {
      expect(await pageAt(path)).toMatchObject({ status: 200, body: expect.stringContaining('shell') });
    }
  });

  it('leaves API paths to the routes after it', async () => {
    expect(await pageAt('/graphql')).toMatchObject({ status: 404, body: 'api' });
  });

  it('caches hashed assets for a year', async () => {
    const response = await fetch(`${origin}/assets/app-1234.js`);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });
});
