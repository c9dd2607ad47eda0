import { graphqlRequest } from '../../lib/graphql';

/** The gateway's project operations (apps/gateway/src/project), as the SPA uses them. */

export interface ProjectPhoto {
  id: string;
  url: string;
}

export interface Project {
  id: string;
  name: string;
  /** The tier: free, remember, honor or cherish (read through `tierOf`). */
  product: string;
  videoSettings: { durationPerPhoto: number };
  createdAt: string;
  updatedAt: string;
}

/** A project as the dashboard lists it, with the first photos for its card. */
export interface ProjectListItem extends Project {
  photos: ProjectPhoto[];
  photoCount: number;
}

export interface ProjectCount {
  count: number;
  limit: number;
}

const PROJECT_FIELDS = 'id name product createdAt updatedAt videoSettings { durationPerPhoto }';

export async function fetchProjects(signal?: AbortSignal): Promise<ProjectListItem[]> {
  const data = await graphqlRequest<{ projects: ProjectListItem[] }>(
    `query Projects { projects { ${PROJECT_FIELDS} photos { id url } photoCount } }`,
    {},
    signal,
  );
  return data.projects;
}

export async function fetchProject(id: string, signal?: AbortSignal): Promise<Project> {
  const data = await graphqlRequest<{ project: Project }, { id: string }>(
    `query Project($id: ID!) { project(id: $id) { ${PROJECT_FIELDS} } }`,
    { id },
    signal,
  );
  return data.project;
}

export async function fetchProjectCount(signal?: AbortSignal): Promise<ProjectCount> {
  const data = await graphqlRequest<{ projectCount: ProjectCount }>(
    'query ProjectCount { projectCount { count limit } }',
    {},
    signal,
  );
  return data.projectCount;
}

export async function createProject(name: string): Promise<Project> {
  const data = await graphqlRequest<{ createProject: Project }, { name: string }>(
    `mutation CreateProject($name: String!) { createProject(name: $name) { ${PROJECT_FIELDS} } }`,
    { name },
  );
  return data.createProject;
}

/** The user's newest project, or a new "My First Project"; `created` tells which. */
export async function createInitialProjectOnServer(): Promise<{ project: Project; created: boolean }> {
  const data = await graphqlRequest<{ createInitialProject: { project: Project; created: boolean } }>(
    `mutation CreateInitialProject { createInitialProject { created project { ${PROJECT_FIELDS} } } }`,
  );
  return data.createInitialProject;
}

export async function renameProject(id: string, name: string): Promise<Project> {
  const data = await graphqlRequest<{ renameProject: Project }, { id: string; name: string }>(
    `mutation RenameProject($id: ID!, $name: String!) { renameProject(id: $id, name: $name) { ${PROJECT_FIELDS} } }`,
    { id, name },
  );
  return data.renameProject;
}

export async function deleteProject(id: string): Promise<{ id: string }> {
  const data = await graphqlRequest<{ deleteProject: { id: string } }, { id: string }>(
    'mutation DeleteProject($id: ID!) { deleteProject(id: $id) { id } }',
    { id },
  );
  return data.deleteProject;
}
