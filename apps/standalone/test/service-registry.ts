import { registerServices } from '@memoreel/testing';

/**
 * Every service the standalone runs (src/services.ts), registered by name for specs: a Vitest setup
 * file of each package whose specs start collaborators (`serviceRegistry` in vitest.shared.ts), so
 * `startMedia({ collaborators: ['projects'] })` in apps/media/test runs the real projects service
 * without media importing it (decision 0029). Each is loaded only when a spec asks for it.
 */
registerServices({
  auth: async () => (await import('@memoreel/auth')).authService,
  projects: async () => (await import('@memoreel/projects')).projectsService,
  media: async () => (await import('@memoreel/media')).mediaService,
  sharing: async () => (await import('@memoreel/sharing')).sharingService,
  billing: async () => (await import('@memoreel/billing')).billingService,
  render: async () => (await import('@memoreel/render')).renderService,
});
