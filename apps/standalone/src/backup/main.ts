import { resolve } from 'node:path';
import { createLogger, loadConfigOrExit } from '@memoreel/platform';
import { standaloneEnvironment } from '../standalone.config.js';
import { StartupError } from '../startup-error.js';
import { BackupError, backupMessages } from './backup-errors.js';
import { backupStandalone, restoreStandalone } from './standalone-backup.js';

// `npm run backup -- [archive.tar.gz]` and `npm run restore -- archive.tar.gz [--force]` (decision 0025).
const config = loadConfigOrExit(standaloneEnvironment);
const logger = createLogger({ service: 'memoreel-backup', level: config.LOG_LEVEL });
const [command, ...args] = process.argv.slice(2);
const options = args.filter((arg) => arg.startsWith('--'));
const [archiveArg] = args.filter((arg) => !arg.startsWith('--'));
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

try {
  const unknown = options.find((option) => command !== 'restore' || option !== '--force');
  if (unknown) throw new BackupError(backupMessages.unknownOption(unknown));
  const common = { dataDir: config.MEMOREEL_DATA_DIR, databaseUrl: config.DATABASE_URL, logger };
  if (command === 'backup') {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const archive = resolve(archiveArg ?? `memoreel-backup-${stamp}.tar.gz`);
    const manifest = await backupStandalone({ ...common, archive });
    const rows = manifest.schemas.flatMap((schema) => schema.tables).reduce((sum, t) => sum + t.rows, 0);
    process.stdout.write(
      `\n  Backed up ${rows} rows of ${manifest.schemas.length} services and ${manifest.storage.files} files (${megabytes(manifest.storage.bytes)}) to ${archive}\n\n`,
    );
  } else if (command === 'restore') {
    if (!archiveArg) throw new BackupError(backupMessages.archiveMissing());
    const manifest = await restoreStandalone({
      ...common,
      archive: archiveArg,
      force: options.includes('--force'),
    });
    process.stdout.write(
      `\n  Restored the backup of ${manifest.createdAt} into ${resolve(config.MEMOREEL_DATA_DIR)}. Start Memoreel with npm start.\n\n`,
    );
  } else {
    throw new BackupError(backupMessages.unknownOption(command ?? '(none)'));
  }
  process.exit(0);
} catch (error) {
  // Sentences a person can act on are printed alone; anything else is a bug and keeps its stack.
  const explained =
    error instanceof BackupError ||
    error instanceof StartupError ||
    /^(Backup|Restore)/.test((error as Error).name);
  if (!explained) throw error;
  process.stderr.write(`\n  Memoreel could not ${command}: ${(error as Error).message}\n\n`);
  process.exit(1);
}
