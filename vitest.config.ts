import { defineConfig } from 'vitest/config';

// One run over every package's own vitest.config.ts; `npm test` uses this for a single summary.
export default defineConfig({
  test: {
    projects: ['libs/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'tools/*/vitest.config.ts'],
  },
});
