import { authService } from '@memoreel/auth';
import { SYSTEM, userDeleted } from '@memoreel/contracts';
import { mediaService } from '@memoreel/media';
import { photoEditWorkerService } from '@memoreel/photo-edit-worker';
import { buildEvent } from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { eventually } from '@memoreel/testing';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useGatewayStack } from '../gateway-stack.js';
import { guestClient, StandInEditing } from './guest-client.js';

/**
 * Issue 31 item 10 (photo edits): an edit's row and result objects go with its photo, its project
 * and its owner's account, whatever state the edit was in. Models stood in for.
 */

const START = 'mutation ($photoId: ID!) { startPhotoEdit(photoId: $photoId, kind: ENHANCE) { id } }';
const EDIT = 'query ($id: ID!) { photoEdit(id: $id) { status resultUrl } }';

let api: ReturnType<typeof guestClient>;

const stack = useGatewayStack({
  name: 'attack-leftover-edits',
  services: [
    authService,
    projectsService,
    mediaService,
    photoEditWorkerService({ editing: new StandInEditing() }),
  ],
  localStorage: true,
});
beforeAll(async () => {
  api = guestClient(stack.baseUrl);
}, 60_000);

/** Rows of media.photo_edits matching a column, read as the lead would audit them. */
async function editRows(column: 'photo_id' | 'project_id' | 'user_id', value: string): Promise<number> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM media.photo_edits WHERE ${column} = $1::uuid`,
      [value],
    );
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

/** A guest whose photos each have one READY edit (and the first one a discarded edit too). */
async function guestWithEdits(count: number) {
  const token = await api.guestSession();
  const { projectId, photoIds } = await api.paidProjectWithPhotos(stack.bus, token, count);
  const readyEdit = async (photoId: string) => {
    const { id } = await api.ok<{ id: string }>(START, { photoId }, token);
    return eventually(async () => {
      const edit = await api.ok<{ status: string; resultUrl: string }>(EDIT, { id }, token);
      expect(edit.status).toBe('READY');
      return { id, resultUrl: edit.resultUrl };
    }, 30_000);
  };
  const discarded = await readyEdit(photoIds[0] as string);
  await api.ok('mutation ($id: ID!) { discardPhotoEdit(id: $id) }', { id: discarded.id }, token);
  const edits = [];
  for (const photoId of photoIds) edits.push(await readyEdit(photoId));
  const userId = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sub as string;
  return { token, projectId, photoIds, edits, discarded, userId };
}

const status = async (url: string) => (await fetch(url)).status;

/** The edit reads as never made, and its result is gone from storage. */
async function gone(token: string, edit: { id: string; resultUrl: string }) {
  const refused = await api.refused(EDIT, { id: edit.id }, token);
  expect(refused.code).toBe('NOT_FOUND');
  expect(await status(edit.resultUrl)).toBe(404);
}

describe('photo edits do not outlive what they belong to', () => {
  it("deleting a photo deletes its edits (rows and results), not the other photo's", async () => {
    const guest = await guestWithEdits(2);
    const [deleted, kept] = guest.photoIds as [string, string];
    expect(await editRows('photo_id', deleted)).toBe(2);
    await api.ok(
      'mutation ($projectId: ID!, $ids: [ID!]!) { deletePhotos(projectId: $projectId, ids: $ids) }',
      { projectId: guest.projectId, ids: [deleted] },
      guest.token,
    );
    await eventually(async () => expect(await editRows('photo_id', deleted)).toBe(0), 15_000);
    await gone(guest.token, guest.edits[0]!);
    expect(await editRows('photo_id', kept)).toBe(1);
    expect(await status(guest.edits[1]!.resultUrl)).toBe(200);
  });

  it('deleting a project deletes the edits of its photos', async () => {
    const guest = await guestWithEdits(2);
    expect(await editRows('project_id', guest.projectId)).toBe(3);
    await api.ok(
      'mutation ($id: ID!) { deleteProject(id: $id) { id } }',
      { id: guest.projectId },
      guest.token,
    );
    await eventually(async () => expect(await editRows('project_id', guest.projectId)).toBe(0), 15_000);
    for (const edit of guest.edits) expect(await status(edit.resultUrl)).toBe(404);
  });

  it('a deleted account (auth.user.deleted, as auth announces it) takes its edits', async () => {
    const guest = await guestWithEdits(1);
    const other = await guestWithEdits(1);
    expect(await editRows('user_id', guest.userId)).toBe(2);
    // Auth announces a guest's end through its outbox; this is that event.
    const event = buildEvent(userDeleted, SYSTEM, { userId: guest.userId, reason: 'guest-expired' });
    await stack.bus.publishEvent(userDeleted.subject, event, { msgId: event.id });
    await eventually(async () => expect(await editRows('user_id', guest.userId)).toBe(0), 15_000);
    expect(await status(guest.edits[0]!.resultUrl)).toBe(404);
    expect(await editRows('user_id', other.userId)).toBe(2);
    expect(await status(other.edits[0]!.resultUrl)).toBe(200);
  });
});
