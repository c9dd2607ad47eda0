import {
  adminUserMessages,
  createProject,
  listProjectsOfUsers,
  overviewMessages,
  projectsOverview,
  setProjectTier,
} from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { startProjects } from '../test/projects-harness.js';

const projects = startedForTests('projects', () => startProjects());

describe('Manage Users: projects of users', () => {
  it("lists each user's projects newest first with their tiers, for an admin only", async () => {
    const rosa = actors.user();
    const ada = actors.user();
    const first = await projects.request(createProject, rosa, { name: 'Grandma Rose' });
    const second = await projects.request(createProject, rosa, { name: 'Buddy the dog' });
    await projects.request(createProject, actors.user(), { name: 'Someone else' });
    const admin = actors.admin();
    await projects.request(setProjectTier, admin, { id: first.id, tier: 'honor' });

    const { projects: listed } = await projects.request(listProjectsOfUsers, admin, {
      userIds: [rosa.userId!, ada.userId!],
    });
    expect(listed.map((p) => [p.id, p.userId, p.product])).toEqual([
      [second.id, rosa.userId, 'free'],
      [first.id, rosa.userId, 'honor'],
    ]);

    for (const caller of [rosa, actors.anonymousUser(), actors.guest()]) {
      const error = await projects.failure(listProjectsOfUsers, caller, { userIds: [rosa.userId!] });
      expect(error).toMatchObject({ code: 'FORBIDDEN', message: adminUserMessages.adminRequired });
      const overview = await projects.failure(projectsOverview, caller, {});
      expect(overview).toMatchObject({ code: 'FORBIDDEN', message: overviewMessages.adminRequired });
    }
  });

  it('reports its tables to an admin (Database Admin)', async () => {
    const overview = await projects.request(projectsOverview, actors.admin(), {});
    expect(overview.schema).toBe('projects');
    const table = overview.tables.find((t) => t.name === 'projects');
    expect(table?.rows).toBe(await projects.db.project.count());
    expect(overview.consumers.every((c) => c.durable.startsWith('projects--'))).toBe(true);
    expect(overview.consumers.length).toBeGreaterThan(0);
  });
});
