import { randomUUID } from 'node:crypto';
import {
  type Actor,
  countProjects,
  createInitialProject,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  type RequestContract,
  renameProject,
  updateVideoSettings,
} from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startProjects } from '../../test/projects-harness.js';

/** Projects' part of the access rule: a session is needed, and another's project does not exist. */
const projects = startedForTests('projects', () => startProjects());

const create = (actor: Actor, name = 'Grandma Rose') => projects.request(createProject, actor, { name });

describe('authentication', () => {
  const calls: [RequestContract, () => unknown][] = [
    [listProjects, () => ({})],
    [getProject, () => ({ id: randomUUID() })],
    [countProjects, () => ({})],
    [createProject, () => ({ name: 'A project' })],
    [createInitialProject, () => ({})],
    [renameProject, () => ({ id: randomUUID(), name: 'New name' })],
    [updateVideoSettings, () => ({ id: randomUUID(), settings: { durationPerPhoto: 4 } })],
    [deleteProject, () => ({ id: randomUUID() })],
  ];

  it.each(calls.map(([contract, data]) => [contract.subject, contract, data] as const))(
    '%s answers guests with "Authentication required", and no service as the system',
    async (_subject, contract, data) => {
      const input = () => data() as z.input<typeof contract.request>;
      const asGuest = await projects.failure(contract, actors.guest(), input());
      expect({ code: asGuest.code, message: asGuest.message }).toEqual({
        code: 'UNAUTHORIZED',
        message: 'Authentication required',
      });
      // A service (here sharing) speaks as the system only for the requests of its grant (senders.ts).
      const asService = await projects.requestAs('sharing', contract, actors.system(), input()).then(
        () => ({ code: 'none', message: 'it answered' }),
        (error: { code: string; message: string }) => error,
      );
      expect(asService.code).toBe('FORBIDDEN_SENDER');
    },
  );
});

describe('ownership', () => {
  it('lets the owner and an admin read a project; anyone else is told it does not exist', async () => {
    const owner = actors.user();
    const project = await create(owner);
    expect(await projects.request(getProject, owner, { id: project.id })).toEqual(project);
    expect(await projects.request(getProject, actors.admin(), { id: project.id })).toEqual(project);
    const error = await projects.failure(getProject, actors.user(), { id: project.id });
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'NOT_FOUND',
      message: 'Project not found',
    });
  });

  it('answers an unknown id with "Project not found" and a malformed one with a validation error', async () => {
    const missing = await projects.failure(getProject, actors.user(), { id: randomUUID() });
    expect({ code: missing.code, message: missing.message }).toEqual({
      code: 'NOT_FOUND',
      message: 'Project not found',
    });
    const malformed = await projects.failure(getProject, actors.user(), { id: 'project-1' });
    expect(malformed.code).toBe('VALIDATION_FAILED');
  });

  const writes: [string, (actor: Actor, id: string) => Promise<unknown>][] = [
    ['rename', (actor, id) => projects.request(renameProject, actor, { id, name: 'Taken over' })],
    [
      'update-video-settings',
      (actor, id) => projects.request(updateVideoSettings, actor, { id, settings: { durationPerPhoto: 9 } }),
    ],
    ['delete', (actor, id) => projects.request(deleteProject, actor, { id })],
  ];

  it.each(writes)(
    '%s: another user, an admin and an unknown id all get "Project not found"',
    async (_name, write) => {
      const owner = actors.user();
      const project = await create(owner);
      for (const intruder of [actors.user(), actors.admin()]) {
        await expect(write(intruder, project.id)).rejects.toMatchObject({
          code: 'NOT_FOUND',
          message: 'Project not found',
        });
      }
      await expect(write(owner, randomUUID())).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Project not found',
      });
      expect(await projects.request(getProject, owner, { id: project.id })).toEqual(project);
    },
  );
});
