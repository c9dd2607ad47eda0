import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { PrismaClientClass } from '../src/database/prisma.js';

/**
 * A real generated Prisma client for the platform's own tests, which must not import a service's.
 * Its one model, `Note`, maps to a `notes` table the tests create in whichever schema they use.
 */
const FIXTURE_SCHEMA = `
generator client {
  provider               = "prisma-client"
  output                 = "../src/generated/prisma"
  runtime                = "nodejs"
  moduleFormat           = "esm"
  importFileExtension    = "js"
  generatedFileExtension = "ts"
}

datasource db {
  provider = "postgresql"
}

model Note {
  id   String @id @db.Uuid
  body String

  @@map("notes")
}
`;

/** The DDL of the fixture's table, for the schema a test binds the client to. */
export const createNotesTable = (schema: string): string =>
  `CREATE TABLE "${schema}".notes (id uuid PRIMARY KEY, body text NOT NULL)`;

export interface Note {
  id: string;
  body: string;
}

interface NoteDelegate {
  create(args: { data: Note }): PromiseLike<Note>;
  findMany(): PromiseLike<Note[]>;
}

/** The slice of the generated client the tests use (an interactive transaction has the same). */
export interface TestTransaction {
  note: NoteDelegate;
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
  $queryRawUnsafe(query: string, ...values: unknown[]): PromiseLike<unknown>;
}

export interface TestPrismaClient extends TestTransaction {
  $transaction<T>(work: (tx: TestTransaction) => Promise<T>): Promise<T>;
  $connect(): PromiseLike<void>;
  $disconnect(): PromiseLike<void>;
}

const root = fileURLToPath(new URL('../../..', import.meta.url));
// Gitignored scratch space (`.memoreel/`), outside node_modules so Vitest compiles the generated TypeScript.
const cacheDir = fileURLToPath(new URL('../.memoreel/prisma-test-client', import.meta.url));

/**
 * Generates the client once per fixture version (parallel workers may both generate; each
 * writes a private folder and the first rename wins) and loads its `PrismaClient` class.
 */
export async function loadTestPrismaClient(): Promise<PrismaClientClass<TestPrismaClient>> {
  const version = createHash('sha256').update(FIXTURE_SCHEMA).digest('hex').slice(0, 12);
  const dir = join(cacheDir, version);
  if (!existsSync(dir)) {
    const building = `${dir}.${process.pid}`;
    await mkdir(join(building, 'prisma'), { recursive: true });
    await writeFile(join(building, 'prisma', 'schema.prisma'), FIXTURE_SCHEMA);
    await promisify(execFile)(process.execPath, [join(root, 'tools/scripts/prisma-generate.mjs'), building]);
    await rename(building, dir).catch(() => rm(building, { recursive: true, force: true }));
  }
  const client = pathToFileURL(join(dir, 'src/generated/prisma/client.ts')).href;
  const generated: { PrismaClient: PrismaClientClass<TestPrismaClient> } = await import(client);
  return generated.PrismaClient;
}
