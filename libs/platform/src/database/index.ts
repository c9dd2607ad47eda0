export * from './migrate.js';
export * from './migrate-cli.js';
export * from './postgres-adapter.js';
export * from './prisma.js';
export * from './reachable.js';
export * from './schema-backup.js';
export * from './service-database.js';
export * from './sql.js';
