import { randomUUID } from 'node:crypto';
import { createFriendLink, exportPhotos, listPhotos } from '@memoreel/contracts';
import { parseTransforms } from '@memoreel/domain';
import { BusClient, createLogger } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import type { MediaDatabase } from '../src/database/media-database.js';
import { PhotosRepository } from '../src/photos/photos.repository.js';
import { PHOTOS_FROM_PROJECTS, PhotosFromProjects } from '../src/photos/photos-from-projects.js';
import { friendUpload, upload, videoReady } from './browser-uploads.js';
import { eventually, useMedia } from './media-harness.js';
import { jpeg } from './photo-files.js';

/**
 * Media takes the photo rows over from projects (decision 0030, docs/plans/photo-move.md C3): the
 * place, review, motion, caption and filter of every photo, newer side winning, once per database.
 */

const media = useMedia({ collaborators: ['projects'] });

/** The move as media runs it at start, on the harness's tables and bus, speaking as media. */
const move = () =>
  new PhotosFromProjects(
    media.db as unknown as MediaDatabase,
    new PhotosRepository(),
    new BusClient(media.bus, { sender: 'media' }),
    createLogger({ service: 'test', level: 'silent' }),
  );

interface Row {
  id: string;
  display_order: number | null;
  review: string | null;
  filter: string;
  transforms: unknown;
  caption: unknown;
}

const mediaRows = (projectId: string) =>
  media.db.$queryRawUnsafe<Row[]>(
    'SELECT id::text, display_order, review, filter, transforms, caption FROM media.photos WHERE project_id = $1::uuid ORDER BY id',
    projectId,
  );

const projectsRows = (projectId: string) =>
  media.db.$queryRawUnsafe<Row[]>(
    'SELECT id::text, display_order, status AS review, filter, transforms, caption FROM projects.photos WHERE project_id = $1::uuid ORDER BY id',
    projectId,
  );

/** Projects' copies of a project's photos as projects kept them before the move: in media's order, accepted. */
const projectsCopies = (projectId: string) =>
  media.db.$executeRawUnsafe(
    `INSERT INTO projects.photos (id, user_id, project_id, storage_path, original_name, display_order, transforms, width, height)
     SELECT id, user_id, project_id, storage_path, original_name, display_order, transforms, width, height
       FROM media.photos WHERE project_id = $1::uuid`,
    projectId,
  );

/** A change projects made to its copy of a photo (as its photo requests did before the move), `later` after now. */
const changeInProjects = (id: string, set: string, later = '0 seconds') =>
  media.db.$executeRawUnsafe(
    `UPDATE projects.photos SET ${set}, updated_at = now() + $2::interval WHERE id = $1::uuid`,
    id,
    later,
  );

/** Media's rows as a database from before the move holds them: no place, review, motion or caption. */
const asBeforeTheMove = (projectId: string) =>
  media.db.$executeRawUnsafe(
    `UPDATE media.photos SET display_order = NULL, review = NULL, transforms = '{}', caption = NULL,
            updated_at = NULL WHERE project_id = $1::uuid`,
    projectId,
  );

async function projectWithPhotos(count: number) {
  const owner = actors.user();
  const project = await media.project(owner);
  const files = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `photo-${i}.jpg`,
      type: 'image/jpeg',
      bytes: await jpeg(320 + i * 8, 240),
    })),
  );
  const { results } = await upload(media, owner, project.id, files);
  const ids = results.map((result) => result.photoId as string);
  await eventually(async () =>
    expect((await media.request(listPhotos, owner, { projectId: project.id })).photos).toHaveLength(count),
  );
  await projectsCopies(project.id);
  return { owner, project, ids };
}

describe('a photo stored in media', () => {
  it('takes the next place in the order, a friend’s pending', async () => {
    const { owner, project, ids } = await projectWithPhotos(3);
    const link = await media.request(createFriendLink, owner, {
      projectId: project.id,
      inviterName: 'Ada',
    });
    const { results } = await friendUpload(media, actors.anonymousUser(), link.id, project.id, 1);
    const friends = results[0]?.photoId as string;

    const rows = await mediaRows(project.id);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(ids.map((id) => byId.get(id)?.display_order)).toEqual([0, 1, 2]);
    expect(ids.map((id) => byId.get(id)?.review)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(byId.get(friends)).toMatchObject({ review: 'pending', display_order: 3 });
  });
});

describe('the move of the photo rows from projects', () => {
  it('takes place, review, motion, caption and filter as projects has them, once, and remakes a changed filter', async () => {
    const { owner, project, ids } = await projectWithPhotos(3);
    const [first, second, third] = ids as [string, string, string];
    await videoReady(media, owner, second);
    // What projects' copies said before the move: the third photo moved first, the first captioned and
    // made pending (the old way), the third's motion and the second's filter set.
    await changeInProjects(third, 'display_order = 0');
    await changeInProjects(first, 'display_order = 1');
    await changeInProjects(second, 'display_order = 2');
    await changeInProjects(first, `status = 'pending', caption = '{"text":"Rose, 1931","placement":"top"}'`);
    const motion = {
      '0': { scale: 1.2, translateX: 10, translateY: 0, rotate: 0 },
      '100': { scale: 1, translateX: 0, translateY: 0, rotate: 0 },
    };
    await changeInProjects(third, `transforms = '${JSON.stringify(motion)}'`);
    await changeInProjects(second, `filter = 'sepia'`);
    await asBeforeTheMove(project.id);
    await media.db.dataMigration.deleteMany({ where: { name: PHOTOS_FROM_PROJECTS } });

    expect(await move().run()).toBeGreaterThanOrEqual(3);
    const moved = await mediaRows(project.id);
    // Projects' rows as its export reads them (a motion never set is stored as `{}`, read as none).
    const asProjectsHasThem = (await projectsRows(project.id)).map((row) => ({
      ...row,
      transforms: parseTransforms(row.transforms),
    }));
    expect(moved).toEqual(asProjectsHasThem);
    expect(moved.find((row) => row.id === first)).toMatchObject({
      review: 'pending',
      caption: { text: 'Rose, 1931', placement: 'top' },
    });
    expect(moved.find((row) => row.id === third)).toMatchObject({ display_order: 0, transforms: motion });
    // The sepia derivative is made for the filter media took over.
    await videoReady(media, owner, second, 'sepia');

    // Done once: a second start takes nothing and changes nothing.
    expect(await move().run()).toBe(0);
    expect(await mediaRows(project.id)).toEqual(moved);
  });

  it('run again, takes only what projects changed after media did', async () => {
    const { project, ids } = await projectWithPhotos(2);
    const [first, second] = ids as [string, string];
    expect(await move().copy()).toBeGreaterThanOrEqual(2);

    // Projects changed one photo later (an old instance during the deploy): it is taken.
    await changeInProjects(first, `caption = '{"text":"Later","placement":"bottom"}'`, '1 minute');
    // Media changed the other after projects did (as media does once it owns the photo): it is kept.
    await changeInProjects(second, `caption = '{"text":"Older","placement":"bottom"}'`, '1 minute');
    await media.db.$executeRawUnsafe(
      `UPDATE media.photos SET caption = '{"text":"Newer in media","placement":"top"}', updated_at = now() + interval '1 hour'
        WHERE id = $1::uuid`,
      second,
    );

    await move().copy();
    const rows = await mediaRows(project.id);
    expect(rows.find((row) => row.id === first)?.caption).toEqual({ text: 'Later', placement: 'bottom' });
    expect(rows.find((row) => row.id === second)?.caption).toEqual({
      text: 'Newer in media',
      placement: 'top',
    });
  });

  it('leaves a row media holds no photo of, and goes on with the rest', async () => {
    const { project, ids } = await projectWithPhotos(1);
    const stray = randomUUID();
    await media.db.$executeRawUnsafe(
      `INSERT INTO projects.photos (id, user_id, project_id, storage_path, original_name, display_order, width, height)
       SELECT $1::uuid, user_id, id, id || '/stray.jpg', 'stray.jpg', 1, 10, 10 FROM projects.projects WHERE id = $2::uuid`,
      stray,
      project.id,
    );
    await asBeforeTheMove(project.id);

    await move().copy();
    const rows = await mediaRows(project.id);
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(rows[0]).toMatchObject({ display_order: 0, review: 'accepted' });
  });

  it("is not the browser's to ask for: the gateway may not send the export, even for an admin", async () => {
    const error = await media.failure(exportPhotos, actors.admin(), { after: null, limit: 10 });
    expect(error.code).toBe('FORBIDDEN_SENDER');
  });
});
