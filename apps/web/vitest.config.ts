import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.spec.{ts,tsx}'],
      setupFiles: ['src/test-setup.ts'],
      // Vitest's 5 s default is tight for a rendered step while the end-to-end suite runs alongside.
      testTimeout: 20_000,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
