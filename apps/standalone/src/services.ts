import { authService } from '@memoreel/auth';
import { billingService } from '@memoreel/billing';
import { mediaService } from '@memoreel/media';
import type { ServiceDefinition } from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { renderService } from '@memoreel/render';
import { sharingService } from '@memoreel/sharing';

/** Every service deployable, run in this one process over the in-process bus. */
export const services: readonly ServiceDefinition[] = [
  authService,
  projectsService,
  mediaService,
  sharingService,
  billingService,
  renderService,
];
