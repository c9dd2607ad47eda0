import { PROJECT_ID } from '../features/photos/fake-photos';
import type { Photo } from '../features/photos/photos-api';
import { type GraphQLAnswers, sampleProject, signedInClient } from '../features/project/fake-graphql';
import type { ProjectListItem } from '../features/project/project-api';
import { renderApp } from './render-app';

/**
 * Test-only: what every project step page asks the gateway for — its project, the project list
 * around it, the project count and the photos (read through `photos`, so a spec may change them).
 */
export function projectStepAnswers(
  photos: () => Photo[],
  project: Partial<ProjectListItem> = {},
): GraphQLAnswers {
  return {
    project: () => sampleProject({ id: PROJECT_ID, ...project }),
    projects: () => [sampleProject({ id: PROJECT_ID, photoCount: photos().length, ...project })],
    projectCount: () => ({ count: 1, limit: 10 }),
    photos,
  };
}

/** The photo quota as the gateway answers it for `count` photos under a plan of `limit`. */
export const photoQuotaOf = (count: number, limit = 50) => ({
  count,
  limit,
  remaining: Math.max(0, limit - count),
});

/** Opens one step of the sample project (`design`, `music` …) as its signed-in owner. */
export const openProjectStep = (step: string) =>
  renderApp(`/project/${PROJECT_ID}/${step}`, signedInClient());
