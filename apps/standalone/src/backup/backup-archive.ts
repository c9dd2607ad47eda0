import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SchemaDump } from '@memoreel/platform';
import { BackupError, backupMessages } from './backup-errors.js';

/** Bumped when an older restore could not read the archive correctly. */
export const BACKUP_FORMAT = 1;

/** `manifest.json`, the archive's first entry: what it holds and what made it. */
export interface BackupManifest {
  format: number;
  createdAt: string;
  appVersion: string;
  /** Rows of every service schema (database/<schema>/<table>.ndjson), from one snapshot. */
  schemas: SchemaDump[];
  /** The storage folder (storage/<bucket>/<key>) as copied. */
  storage: { files: number; bytes: number };
}

/** What goes in besides the manifest and the dump: the objects, and the key their signed URLs use. */
export const DATA_ENTRIES = ['storage', 'storage-signing.key'] as const;

/**
 * Runs tar. `online`: the archive is made while Memoreel may be writing — a new object appearing
 * in storage while it is read (GNU tar's exit 1, "file changed as we read it") is fine, since the
 * database snapshot taken before cannot name it and stored objects are never rewritten.
 */
function tar(args: string[], { online = false }: { online?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 || (online && code === 1)
        ? resolve()
        : reject(
            new Error(`tar ${args.find((arg) => !arg.startsWith('--'))} failed (${code}): ${errors.trim()}`),
          ),
    );
  });
}

export async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  const total = { files: 0, bytes: 0 };
  if (!existsSync(dir)) return total;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    total.files += 1;
    total.bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/**
 * One .tar.gz: the manifest and `database/` from the staging folder, then the data entries of the
 * data folder. Written beside its final name and renamed, so a broken-off backup is never taken for one.
 */
export async function writeArchive(
  archive: string,
  staging: string,
  dataDir: string,
  manifest: BackupManifest,
): Promise<void> {
  await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const partial = `${archive}.partial`;
  const data = DATA_ENTRIES.filter((entry) => existsSync(join(dataDir, entry)));
  await tar(
    [
      '--warning=no-file-changed',
      '--warning=no-file-removed',
      '-czf',
      partial,
      '-C',
      staging,
      'manifest.json',
      'database',
      '-C',
      dataDir,
      ...data,
    ],
    { online: true },
  );
  // It holds password hashes, sessions and signing keys: readable by its owner only.
  await chmod(partial, 0o600);
  await rename(partial, archive);
}

/** Unpacks an archive into `into` (an empty folder) and returns its manifest, checked. */
export async function readArchive(archive: string, into: string): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupError(backupMessages.noArchive(archive));
  try {
    await tar(['-xzf', archive, '-C', into, '--no-same-owner']);
  } catch (error) {
    throw new BackupError(backupMessages.notAnArchive(archive, (error as Error).message));
  }
  const manifest = (await readFile(join(into, 'manifest.json'), 'utf8').then(
    (text) => JSON.parse(text),
    () => undefined,
  )) as BackupManifest | undefined;
  if (!manifest || typeof manifest.format !== 'number' || !Array.isArray(manifest.schemas))
    throw new BackupError(backupMessages.notAnArchive(archive, 'no manifest.json'));
  if (manifest.format > BACKUP_FORMAT)
    throw new BackupError(backupMessages.newerFormat(archive, manifest.format));
  return manifest;
}
