import {
  countProjects,
  createInitialProject,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  photoCards,
  renameProject,
  updateVideoSettings,
} from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { sampleProject, startResolverApp } from '../../test/resolver-test-app.js';
import { ProjectsResolver } from './projects.resolver.js';

const app = startedForTests('resolverapp', () => startResolverApp([ProjectsResolver]));

const owner = actors.user();
const project = sampleProject(owner);
const FIELDS =
  'id userId name product createdAt updatedAt videoSettings { durationPerPhoto transition cutOnBeat width height font opening { title subtitle seconds background { kind color photoId } } closing { message seconds background { kind color photoId } } music { type selection customPath timelineTracks { id storage_path startTime duration instanceId title } } }';

describe('ProjectsResolver', () => {
  it('forwards each query with the actor and returns the service reply, the cards’ photos from media', async () => {
    await app.answer(listProjects, () => ({
      projects: [{ ...project, photos: [], photoCount: 0, videos: [] }],
    }));
    const photo = { id: '0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b', url: 'https://media.example/grid.webp' };
    await app.answer(photoCards, ({ data }) => ({
      cards: (data as { projectIds: string[] }).projectIds.map((projectId) => ({
        projectId,
        count: 7,
        photos: [photo],
      })),
    }));
    await app.answer(getProject, () => project);
    await app.answer(countProjects, () => ({ count: 1, limit: 10 }));

    const result = await app.graphql(
      `query ($id: ID!) { projects { ${FIELDS} photos { id url } photoCount videos { id status createdAt } } project(id: $id) { ${FIELDS} } projectCount { count limit } }`,
      { id: project.id },
      owner,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      projects: [{ ...project, photos: [photo], photoCount: 7, videos: [] }],
      project,
      projectCount: { count: 1, limit: 10 },
    });
    const reads = app.asked.filter((call) =>
      [listProjects, photoCards, getProject, countProjects].some((c) => c.subject === call.subject),
    );
    expect(reads.map((call) => call.actor)).toEqual([owner, owner, owner, owner]);
    expect(reads.find((call) => call.subject === photoCards.subject)?.data).toEqual({
      projectIds: [project.id],
    });
    expect(reads.find((call) => call.subject === getProject.subject)?.data).toEqual({ id: project.id });
  });

  it('forwards each mutation with its arguments', async () => {
    await app.answer(createProject, ({ data }) => ({ ...project, ...(data as object) }));
    await app.answer(createInitialProject, () => ({ project, created: true }));
    await app.answer(renameProject, ({ data }) => ({ ...project, ...(data as object) }));
    await app.answer(deleteProject, ({ data }) => data);

    const result = await app.graphql(
      `mutation ($id: ID!) {
        createProject(name: "  New one  ") { name }
        createInitialProject { created project { id } }
        renameProject(id: $id, name: "Renamed") { id name }
        deleteProject(id: $id) { id }
      }`,
      { id: project.id },
      owner,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      // The contract cleans the name before the service sees it.
      createProject: { name: 'New one' },
      createInitialProject: { created: true, project: { id: project.id } },
      renameProject: { id: project.id, name: 'Renamed' },
      deleteProject: { id: project.id },
    });
  });

  it('sends only the video settings given, dropping nulls except customPath', async () => {
    await app.answer(updateVideoSettings, () => project);
    const track = { id: 't1', storage_path: 'music/a.mp3', startTime: 0, duration: 12.5, instanceId: 'i1' };
    const result = await app.graphql(
      'mutation ($id: ID!, $settings: VideoSettingsInput!) { updateVideoSettings(id: $id, settings: $settings) { id } }',
      {
        id: project.id,
        settings: {
          durationPerPhoto: 4.5,
          transition: null,
          music: { customPath: null, timelineTracks: [track] },
        },
      },
      owner,
    );
    expect(result.errors).toBeUndefined();
    expect(app.asked.at(-1)).toEqual({
      subject: updateVideoSettings.subject,
      actor: owner,
      data: {
        id: project.id,
        settings: { durationPerPhoto: 4.5, music: { customPath: null, timelineTracks: [track] } },
      },
    });
  });

  it("passes the service's error code and message through", async () => {
    await app.answer(getProject, () => {
      throw { code: 'NOT_FOUND', message: 'Project not found' };
    });
    const result = await app.graphql(
      'query ($id: ID!) { project(id: $id) { id } }',
      { id: project.id },
      actors.user(),
    );
    expect(result.errors?.[0]).toMatchObject({
      message: 'Project not found',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('answers a name the contract refuses without asking the service', async () => {
    const before = app.asked.length;
    const result = await app.graphql('mutation { createProject(name: "Tom & Jerry") { id } }', {}, owner);
    expect(result.errors?.[0]).toMatchObject({
      message: 'Project name contains invalid characters',
      extensions: { code: 'VALIDATION_FAILED' },
    });
    expect(app.asked.length).toBe(before);
  });
});
