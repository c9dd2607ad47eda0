import { projectCreated, projectDeleted, projectRenamed, projectTierChanged } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { ProjectReplicaService } from './project-replica.service.js';

const CONSUMER = 'keep-project-replica';

/** Media's replica of projects (decision 0030), from the four events that change one. */
export const KeepProjectReplica = eventHandlers(ProjectReplicaService, (on) => [
  on(projectCreated, async (replica, event) => {
    const { id, userId, product, name } = event.data;
    await replica.created(
      { id: event.id, consumer: CONSUMER },
      { id, userId, tier: product, name, at: new Date(event.occurredAt) },
    );
  }),
  on(projectTierChanged, async (replica, event) => {
    const { id, userId, to } = event.data;
    await replica.tierRaised({ id: event.id, consumer: CONSUMER }, { id, userId, tier: to });
  }),
  on(projectRenamed, async (replica, event) => {
    const { id, userId, name } = event.data;
    await replica.renamed(
      { id: event.id, consumer: CONSUMER },
      { id, userId, name, at: new Date(event.occurredAt) },
    );
  }),
  on(projectDeleted, async (replica, event) => {
    const { id, userId } = event.data;
    await replica.deleted({ id: event.id, consumer: CONSUMER }, { id, userId });
  }),
]);
