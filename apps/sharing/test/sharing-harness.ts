import * as platform from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { type ServiceHarness, startServiceHarness } from '@memoreel/testing';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { sharingService } from '../src/sharing.service-definition.js';

export { eventually } from '@memoreel/testing';

/**
 * The sharing service and the real projects service (ownership, projects.project.deleted) on one
 * fresh database and an in-process bus, called through `BusClient` as the gateway calls them.
 */
export type SharingHarness = ServiceHarness<platform.Bus, InstanceType<typeof PrismaClient>>;

export function startSharing(): Promise<SharingHarness> {
  return startServiceHarness(platform, sharingService, {
    services: [projectsService],
    database: (url) =>
      new PrismaClient({ adapter: platform.postgresAdapter({ databaseUrl: url, schema: 'sharing' }) }),
  });
}
