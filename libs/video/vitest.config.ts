import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

// No SWC here (no decorators): Vite compiles the TSX. happy-dom gives the render test a document.
// Setting conditions replaces Vite's defaults, so keep them and add ours: workspace libs resolve to source.
export default defineProject({
  resolve: { conditions: ['@memoreel/source', ...defaultClientConditions] },
  test: {
    name: 'video',
    environment: 'happy-dom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['test/document-fonts.ts'],
  },
});
