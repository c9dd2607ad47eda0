/** A reason a backup or restore cannot go on that the person running it can act on: one sentence, no stack. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** Every sentence `npm run backup` and `npm run restore` may end with, in one place. */
export const backupMessages = {
  nothingToBackUp: (dataDir: string) =>
    `There is no Memoreel data in ${dataDir} to back up. Set MEMOREEL_DATA_DIR to the folder Memoreel runs with.`,
  noArchive: (archive: string) => `There is no backup at ${archive}.`,
  archiveMissing: () => 'Say which backup to restore: npm run restore -- memoreel-backup.tar.gz',
  notAnArchive: (archive: string, reason: string) => `${archive} is not a Memoreel backup (${reason}).`,
  newerFormat: (archive: string, format: number) =>
    `${archive} was written in backup format ${format}, which this version of Memoreel cannot read. Restore it with a newer version.`,
  unknownSchema: (schema: string) =>
    `The backup holds data of a service this version of Memoreel does not have ("${schema}"). Restore it with the version that made it.`,
  dataDirInUse: (dataDir: string, aside: string) =>
    `${dataDir} already holds Memoreel data. Restore into an empty folder (MEMOREEL_DATA_DIR=/new/folder), or add --force to move the current data aside to ${aside}.`,
  running: (dataDir: string) => `Memoreel is running on ${dataDir}: stop it before restoring over it.`,
  unknownOption: (option: string) =>
    `Unknown option ${option}. Usage: npm run backup -- [archive.tar.gz] | npm run restore -- archive.tar.gz [--force]`,
} as const;
