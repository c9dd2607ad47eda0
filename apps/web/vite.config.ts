import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';

// The gateway (or the standalone app) serves the API; the SPA dev server only forwards to it.
const api = 'http://127.0.0.1:3000';
const apiProxy: Record<string, string | ProxyOptions> = {
  '/graphql': { target: api, ws: true },
  '/health': api,
  '/storage': api,
  // Only the API under /auth/v1: /auth/callback and /auth/anonymous are SPA routes.
  '/auth/v1': api,
  '/dev/mail': api,
};

export default defineConfig({
  // The router plugin must come before React's so route files are split before JSX is compiled.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  // Setting conditions replaces Vite's defaults, so keep them and add ours: workspace libs resolve to source.
  resolve: { conditions: ['@memoreel/source', ...defaultClientConditions] },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // tools/bench/src/lighthouse.ts reads the entry chunk and its static imports from it.
    manifest: true,
    // No data: URIs, so a strict Content-Security-Policy needs nothing beyond 'self'.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The contracts and domain barrels also export zod schemas for the services; without this,
      // importing only the auth texts or the plans would put zod (~30 KB gzip) in the landing page's
      // first download.
      treeshake: { moduleSideEffects: (id) => !/\/libs\/(contracts|domain)\//.test(id) },
    },
  },
});
