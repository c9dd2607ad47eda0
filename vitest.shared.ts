import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * The composition root's registry of services by name, as a setup file for packages whose specs
 * start collaborators (`startMedia({ collaborators: ['projects'] })`; decision 0029).
 */
export const serviceRegistry = fileURLToPath(
  new URL('./apps/standalone/test/service-registry.ts', import.meta.url),
);

/**
 * Shared Vitest setup for Node packages: SWC keeps Nest's decorator metadata; libs resolve to source.
 *
 * A package's spec files share their test process (`isolate: false`): a fresh process for each file
 * spent more time importing Nest, Prisma and the service than most files spend testing (562 of the
 * suite's 1,365 test-seconds). So a spec leaves nothing behind for the next file (it restores what it
 * changes in `process.env`, and reads a counter of the process's /metrics as a change, not a total).
 * A package whose specs start the process's tracing (OpenTelemetry's providers are the process's and
 * start once) keeps a process per file: `nodeProject(name, { isolate: true })`.
 */
export function nodeProject(name: string, overrides: ViteUserConfig['test'] = {}): ViteUserConfig {
  return defineConfig({
    plugins: [swc.vite({ module: { type: 'es6' }, jsc: { target: 'es2023' } })],
    resolve: { conditions: ['@memoreel/source'] },
    ssr: { resolve: { conditions: ['@memoreel/source'] } },
    test: {
      name,
      environment: 'node',
      include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      isolate: false,
      ...overrides,
    },
  });
}
