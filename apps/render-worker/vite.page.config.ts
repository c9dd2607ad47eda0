import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The render page (page/): the composition and Remotion's web renderer bundled for the browser once,
 * at build time, into dist/page, which the worker serves on loopback to its Chromium.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./page', import.meta.url)),
  base: './',
  // Workspace libs resolve to source, like everywhere else in the repo.
  resolve: { conditions: ['@memoreel/source', ...defaultClientConditions] },
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./dist/page', import.meta.url)),
    emptyOutDir: true,
    // Chromium 156 only; no legacy transforms.
    target: 'esnext',
    assetsInlineLimit: 0,
    // One page, loaded once per chunk from loopback: size does not matter (~2.6 MB, mostly mediabunny's encoders).
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      // @remotion/player's "use client" means nothing outside React Server Components.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
