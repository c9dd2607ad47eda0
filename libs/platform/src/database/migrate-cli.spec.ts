import { createTestDatabase, migrationsDirOf, type TestDatabase } from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidEnvironmentError } from '../config/config.js';
import { runMigrateCommand } from './migrate-cli.js';

const projects = { schema: 'projects', migrationsDir: migrationsDirOf('projects') };
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database?.drop());

describe('runMigrateCommand', () => {
  it('leaves any other command to main.ts', async () => {
    const lines: string[] = [];

    expect(await runMigrateCommand([], projects, {}, (line) => lines.push(line))).toBe(false);
    expect(await runMigrateCommand(['serve'], projects, {}, (line) => lines.push(line))).toBe(false);
    expect(lines).toEqual([]);
  });

  it("applies the service's migrations to DATABASE_URL and says what it did", async () => {
    const lines: string[] = [];
    const environment = { DATABASE_URL: database.url };

    expect(await runMigrateCommand(['migrate'], projects, environment, (line) => lines.push(line))).toBe(
      true,
    );
    await runMigrateCommand(['migrate'], projects, environment, (line) => lines.push(line));

    expect(lines).toEqual([
      expect.stringMatching(/^projects: applied \d{14}_init(, .+)?$/),
      'projects: up to date',
    ]);
  });

  it('names the missing variable', async () => {
    await expect(runMigrateCommand(['migrate'], projects, {})).rejects.toBeInstanceOf(
      InvalidEnvironmentError,
    );
    await expect(runMigrateCommand(['migrate'], projects, {})).rejects.toThrow(/DATABASE_URL/);
  });
});
