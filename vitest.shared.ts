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

/** Shared Vitest setup for Node packages: SWC keeps Nest's decorator metadata; libs resolve to source. */
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
      ...overrides,
    },
  });
}
