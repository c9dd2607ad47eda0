import * as platform from '@memoreel/platform';
import { type ServiceHarness, startServiceHarness } from '@memoreel/testing';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { projectsService } from '../src/projects.service-definition.js';

export { eventually } from '@memoreel/testing';

/** The projects service on a fresh database and an in-process bus, called as the gateway calls it. */
export type ProjectsHarness = ServiceHarness<platform.Bus, InstanceType<typeof PrismaClient>>;

export function startProjects(): Promise<ProjectsHarness> {
  return startServiceHarness(platform, projectsService, {
    database: (url) =>
      new PrismaClient({ adapter: platform.postgresAdapter({ databaseUrl: url, schema: 'projects' }) }),
  });
}
