#!/usr/bin/env node
/**
 * Generates the Prisma client of one app (`node prisma-generate.mjs apps/projects`) or of every
 * app with a `prisma/schema.prisma` (no argument), offline and without telemetry.
 * An app whose generated client is newer than its schema is skipped, so Nx can call this freely.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scriptPath = fileURLToPath(import.meta.url);
const requireFromRoot = createRequire(join(root, 'package.json'));

const schemaOf = (appDir) => join(appDir, 'prisma', 'schema.prisma');
const clientOf = (appDir) => join(appDir, 'src', 'generated', 'prisma', 'client.ts');
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

function appsWithSchema() {
  const apps = join(root, 'apps');
  return readdirSync(apps)
    .map((name) => join(apps, name))
    .filter((dir) => existsSync(schemaOf(dir)));
}

/** Newer than everything that shapes it: the schema, the config and the installed Prisma CLI. */
function isUpToDate(appDir) {
  const inputs = [
    schemaOf(appDir),
    join(appDir, 'prisma.config.ts'),
    requireFromRoot.resolve('prisma/package.json'),
  ];
  return mtime(clientOf(appDir)) > Math.max(...inputs.map(mtime));
}

function generate(appDir) {
  const cli = requireFromRoot.resolve('prisma/build/index.js');
  const result = spawnSync(process.execPath, [cli, 'generate', '--schema', schemaOf(appDir)], {
    cwd: appDir,
    encoding: 'utf8',
    env: {
      ...process.env,
      // generate never runs the schema engine; pointing at any existing file stops the CLI from downloading one.
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? scriptPath,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1',
    },
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new Error(`prisma generate failed for ${relative(root, appDir)} (exit ${result.status})`);
  }
}

function main(target) {
  const appDirs = target ? [resolve(target)] : appsWithSchema();
  for (const appDir of appDirs) {
    const name = relative(root, appDir) || '.';
    if (!existsSync(schemaOf(appDir))) throw new Error(`${name} has no prisma/schema.prisma`);
    if (isUpToDate(appDir)) {
      console.log(`${name}: Prisma client up to date`);
      continue;
    }
    generate(appDir);
    console.log(`${name}: Prisma client generated`);
  }
}

try {
  main(process.argv[2]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
