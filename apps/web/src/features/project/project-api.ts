import { graphqlField } from '../../lib/graphql';

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
  /** What the card's length needs: the time per photo and the cards' (null: none). */
  videoSettings: {
    durationPerPhoto: number;
    opening?: { seconds: number } | null;
    closing?: { seconds: number } | null;
  };
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

const PROJECT_FIELDS =
  'id name product createdAt updatedAt videoSettings { durationPerPhoto opening { seconds } closing { seconds } }';

export function fetchProjects(signal?: AbortSignal): Promise<ProjectListItem[]> {
  return graphqlField(
    'projects',
    `query Projects { projects { ${PROJECT_FIELDS} photos { id url } photoCount } }`,
    {},
    signal,
  );
}

export function fetchProject(id: string, signal?: AbortSignal): Promise<Project> {
  return graphqlField(
    'project',
    `query Project($id: ID!) { project(id: $id) { ${PROJECT_FIELDS} } }`,
    { id },
    signal,
  );
}

export function fetchProjectCount(signal?: AbortSignal): Promise<ProjectCount> {
  return graphqlField('projectCount', 'query ProjectCount { projectCount { count limit } }', {}, signal);
}

export function createProject(name: string): Promise<Project> {
  return graphqlField(
    'createProject',
    `mutation CreateProject($name: String!) { createProject(name: $name) { ${PROJECT_FIELDS} } }`,
    { name },
  );
}

/** The user's newest project, or a new "My First Project"; `created` tells which. */
export function createInitialProjectOnServer(): Promise<{ project: Project; created: boolean }> {
  return graphqlField(
    'createInitialProject',
    `mutation CreateInitialProject { createInitialProject { created project { ${PROJECT_FIELDS} } } }`,
  );
}

export function renameProject(id: string, name: string): Promise<Project> {
  return graphqlField(
    'renameProject',
    `mutation RenameProject($id: ID!, $name: String!) { renameProject(id: $id, name: $name) { ${PROJECT_FIELDS} } }`,
    { id, name },
  );
}

export function deleteProject(id: string): Promise<{ id: string }> {
  return graphqlField('deleteProject', 'mutation DeleteProject($id: ID!) { deleteProject(id: $id) { id } }', {
    id,
  });
}
