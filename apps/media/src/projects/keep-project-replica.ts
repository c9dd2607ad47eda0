import { projectCreated, projectDeleted, projectTierChanged } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { ProjectReplicaService } from './project-replica.service.js';

const CONSUMER = 'keep-project-replica';

/** Media's replica of projects (decision 0030), from the three events that change one. */
export const KeepProjectReplica = eventHandlers(ProjectReplicaService, (on) => [
  on(projectCreated, async (replica, event) => {
    const { id, userId, product } = event.data;
    await replica.created({ id: event.id, consumer: CONSUMER }, { id, userId, tier: product });
  }),
  on(projectTierChanged, async (replica, event) => {
    const { id, userId, to } = event.data;
    await replica.tierRaised({ id: event.id, consumer: CONSUMER }, { id, userId, tier: to });
  }),
  on(projectDeleted, async (replica, event) => {
    const { id, userId } = event.data;
    await replica.deleted({ id: event.id, consumer: CONSUMER }, { id, userId });
  }),
]);
