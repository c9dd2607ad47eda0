import swc from 'unplugin-swc';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

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
