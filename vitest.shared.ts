import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';

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
 * spent 562 s of the workers' time importing Nest, Prisma and the services, against 1,365 s of
 * testing (decision 0038). So a spec leaves nothing behind for the next file: it restores what it
 * changes in `process.env`, and reads a counter of the process's /metrics as a change, not a total.
 * Specs that start the process's tracing (OpenTelemetry's providers are the process's and start once)
 * keep a process each, in the package's `vitest.traced.config.ts` (libs/platform, apps/standalone).
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

/**
 * A package's specs that start the process's tracing, each in a process of its own: the package's
 * `vitest.traced.config.ts` is `tracedProject(name, specs)`, and its `vitest.config.ts` leaves them
 * out with `exclude: withoutSpecs(specs)`.
 */
export function tracedProject(name: string, specs: string[], overrides: ViteUserConfig['test'] = {}) {
  return nodeProject(`${name}-traced`, { ...overrides, include: specs, isolate: true });
}

/** Vitest's own exclusions plus `specs` (those a package's traced project runs). */
export function withoutSpecs(specs: string[]): string[] {
  return [...configDefaults.exclude, ...specs];
}
