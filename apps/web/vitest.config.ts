import { defineProject, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { withoutSpecs } from '../../vitest.shared.ts';
import viteConfig from './vite.config.ts';

/**
 * The specs that replace a module with `vi.mock`: each keeps a test process of its own
 * (vitest.mocking.config.ts), since a mock set up in a shared process would meet modules other files
 * already imported for real, and stay for the files after it. The other specs share their process
 * (decision 0038).
 */
export const MOCKING_SPECS = [
  'src/features/account/auth-modal.spec.tsx',
  'src/features/account/bot-check/altcha-widget.spec.tsx',
  'src/features/account/guest-gate.spec.tsx',
  'src/features/account/login-page.spec.tsx',
  'src/features/get-started/get-started.spec.tsx',
  'src/features/notifications/notifications-bell.spec.tsx',
  'src/features/photos/photo-edit-dialog.spec.tsx',
  'src/features/photos/upload-photos.spec.ts',
  'src/features/shares/shared-video-player.spec.tsx',
  'src/features/status/status-page.spec.tsx',
  'src/lib/graphql-ws.spec.ts',
  'src/lib/graphql.spec.ts',
];

export function webProject(test: TestProjectInlineConfiguration['test']) {
  return mergeConfig(
    viteConfig,
    defineProject({
      test: {
        environment: 'happy-dom',
        setupFiles: ['src/test-setup.ts'],
        // Vitest's 5 s default is tight for a rendered step while the end-to-end suite runs alongside.
        testTimeout: 20_000,
        restoreMocks: true,
        unstubGlobals: true,
        ...test,
      },
    }),
  );
}

export default webProject({
  name: 'web',
  include: ['src/**/*.spec.{ts,tsx}'],
  exclude: withoutSpecs(MOCKING_SPECS),
  isolate: false,
});
