import * as platform from '@memoreel/platform';
import { type ServiceHarness, startServiceHarness } from '@memoreel/testing';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { sharingService } from '../src/sharing.service-definition.js';

export { eventually } from '@memoreel/testing';

/**
 * The sharing service on one fresh database and an in-process bus, called through `BusClient` as the
 * gateway calls it. Sharing needs projects (ownership, projects.project.deleted): a spec names it in
 * `collaborators`, started from the composition root's registry (decision 0029).
 */
export type SharingHarness = ServiceHarness<platform.Bus, InstanceType<typeof PrismaClient>>;

export function startSharing(options: { collaborators?: readonly string[] } = {}): Promise<SharingHarness> {
  return startServiceHarness(platform, sharingService, {
    collaborators: options.collaborators ?? [],
    database: (url) =>
      new PrismaClient({ adapter: platform.postgresAdapter({ databaseUrl: url, schema: 'sharing' }) }),
  });
}
