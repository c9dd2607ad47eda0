import { defineConfig } from 'vitest/config';

/**
 * Test files run two at a time. Vitest's default on a 2-core machine is one file at a time
 * (cores - 1), but much of this suite waits — on Postgres, NATS, ffmpeg, Chromium, a killed
 * process coming back. Every spec owns its database, bus namespace, buckets and ports, so files
 * never share state. `VITEST_MAX_WORKERS` overrides (three or more overload two cores).
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? 2);

// One run over every package's own vitest.config.ts; `npm test` uses this for a single summary.
export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      'libs/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'tools/*/vitest.config.ts',
      // A package's specs that need a process each (see vitest.shared.ts, apps/web/vitest.config.ts).
      'libs/platform/vitest.traced.config.ts',
      'apps/standalone/vitest.traced.config.ts',
      'apps/web/vitest.mocking.config.ts',
    ],
  },
});
