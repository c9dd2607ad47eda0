import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The reference page (reference/): the composition drawn in the DOM for `ScreenshotRenderer`, built on
 * demand by the parity test and the bench into the folder they give (not part of the worker's build).
 */
export default defineConfig({
  root: fileURLToPath(new URL('./reference', import.meta.url)),
  base: './',
  resolve: { conditions: ['@memoreel/source', ...defaultClientConditions] },
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./dist/reference', import.meta.url)),
    emptyOutDir: true,
    target: 'esnext',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
