import { describe, expect, it } from 'vitest';
import {
  canCreateProject,
  checkProjectName,
  FIRST_PROJECT_NAME,
  MAX_PROJECTS,
  PROJECT_LIST_LIMIT,
  PROJECT_LIST_PHOTOS,
  ProjectNameSchema,
  projectLimitTooltip,
  projectMessages,
  projectsInUseText,
} from './projects.js';

describe('project constants (spec §9)', () => {
  it('allows 10 projects, lists 20 with 6 photos each, names the first one', () => {
    expect(MAX_PROJECTS).toBe(10);
    expect(PROJECT_LIST_LIMIT).toBe(20);
    expect(PROJECT_LIST_PHOTOS).toBe(6);
    expect(FIRST_PROJECT_NAME).toBe('My First Project');
    expect(checkProjectName(FIRST_PROJECT_NAME)).toEqual({ ok: true, name: FIRST_PROJECT_NAME });
  });
});

describe('project limit texts', () => {
  it('words the limit as the spec does', () => {
    expect(projectMessages.limitReached).toBe(
      'You have reached the limit of 10 projects. Please delete an existing project to create a new one.',
    );
  });

  it.each([
    [0, '0 of 10 projects used'],
    [9, '9 of 10 projects used'],
    [10, 'You have reached the limit of 10 projects'],
    [12, 'You have reached the limit of 10 projects'],
  ])('tooltip at %i projects: %s', (count, text) => {
    expect(projectLimitTooltip(count)).toBe(text);
  });

  it('says how many are in use in the create dialog', () => {
    expect(projectsInUseText(3)).toBe('Using 3 of 10 available projects');
  });

  it('allows creating below the limit only', () => {
    expect(canCreateProject(9)).toBe(true);
    expect(canCreateProject(10)).toBe(false);
  });
});

describe('project name', () => {
  it.each([
    [undefined, 'Project name is required'],
    [null, 'Project name is required'],
    [42, 'Project name is required'],
    ['', 'Project name is required'],
    ['   ', 'Project name cannot be empty'],
    ['\u0000\t\n', 'Project name cannot be empty'],
    ['a'.repeat(101), 'Project name cannot exceed 100 characters'],
    ['Mum <3', 'Project name contains invalid characters'],
    ['a > b', 'Project name contains invalid characters'],
    ['"Quoted"', 'Project name contains invalid characters'],
    ["Dad's 70th", 'Project name contains invalid characters'],
    ['Tom & Jerry', 'Project name contains invalid characters'],
    ['\u202E', 'Project name cannot be empty'],
    ['\u2066\u2069\u200F', 'Project name cannot be empty'],
    ['\u200B\u200D', 'Project name cannot be empty'],
    ['\u3164\u3164', 'Project name cannot be empty'],
  ])('rejects %j: %s', (input, message) => {
    expect(checkProjectName(input)).toEqual({ ok: false, message });
    expect(ProjectNameSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it.each([
    ['Grandma Rose', 'Grandma Rose'],
    ['  Summer 2026  ', 'Summer 2026'],
    ['Line\u0007 bell\u007F', 'Line bell'],
    ['Tab\there', 'Tabhere'],
    ['a'.repeat(100), 'a'.repeat(100)],
    [` ${'b'.repeat(100)} `, 'b'.repeat(100)],
    ['Ünïcödé 🎉 name', 'Ünïcödé 🎉 name'],
    ['Holiday\u202Egpj.exe', 'Holidaygpj.exe'],
    ['رحلة الصيف', 'رحلة الصيف'],
  ])('accepts %j as %j (control characters stripped, trimmed)', (input, name) => {
    expect(checkProjectName(input)).toEqual({ ok: true, name });
    expect(ProjectNameSchema.parse(input)).toBe(name);
  });
});
