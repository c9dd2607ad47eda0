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
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
