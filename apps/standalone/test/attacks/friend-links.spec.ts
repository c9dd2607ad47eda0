import { authService } from '@memoreel/auth';
import { INVALID_UPLOAD_LINK, setProjectTier } from '@memoreel/contracts';
import { FRIEND_LINK_PHOTOS_PER_HOUR, friendLinkErrorCodes, friendLinkMessages } from '@memoreel/domain';
import { mediaService } from '@memoreel/media';
import { BusClient } from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { actors, eventually } from '@memoreel/testing';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useGatewayStack } from '../gateway-stack.js';
import { guestClient } from './guest-client.js';

/**
 * Issue 31 item 6: what a visitor holding an upload link can do to its owner's quota, through the
 * public API. Nothing is held before the link and its project are checked; deactivating the link
 * gives back what it held; and a link takes at most FRIEND_LINK_PHOTOS_PER_HOUR photos an hour.
 */

let api: ReturnType<typeof guestClient>;

const stack = useGatewayStack({
  name: 'attack-friend-links',
  services: [authService, projectsService, mediaService],
  localStorage: true,
});
beforeAll(async () => {
  api = guestClient(stack.baseUrl);
}, 60_000);

const REQUEST = `mutation ($linkId: ID!, $projectId: ID!, $files: [PhotoUploadFileInput!]!) {
  requestFriendPhotoUploads(linkId: $linkId, projectId: $projectId, files: $files) { slots { uploadId } skipped }
}`;

const files = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `f${i}.jpg`, size: 1000, contentType: 'image/jpeg' }));

/** An owner (a guest) with a project and an upload link, and a visitor (another guest). */
async function ownerWithLink() {
  const owner = await api.guestSession();
  const projectId = await api.projectOf(owner);
  const link = await api.ok<{ id: string }>(
    'mutation ($input: CreateFriendLinkInput!) { createFriendLink(input: $input) { id } }',
    { input: { projectId } },
    owner,
  );
  return { owner, projectId, linkId: link.id, visitor: await api.guestSession() };
}

const quotaOf = (token: string, projectId: string) =>
  api.ok<{ count: number; remaining: number }>(
    'query ($projectId: ID!) { photoQuota(projectId: $projectId) { count remaining } }',
    { projectId },
    token,
  );

/**
 * Places held through a link, straight from media's table: its open uploads, while the link works
 * (a deactivated or expired link's uploads can no longer complete, so they hold nothing).
 */
async function heldThrough(linkId: string): Promise<number> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n
         FROM media.photos p JOIN media.friend_upload_links l ON l.id = p.link_id
        WHERE p.link_id = $1::uuid AND p.status = 'awaiting-upload' AND p.upload_expires_at > now()
          AND l.is_active AND l.expires_at > now()`,
      [linkId],
    );
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

describe('friend links under attack', () => {
  it("a link used for another project reserves nothing on the link's project", async () => {
    const { owner, projectId, linkId, visitor } = await ownerWithLink();
    const elsewhere = await api.projectOf(visitor);
    for (let i = 0; i < 3; i += 1) {
      const refused = await api.refused(REQUEST, { linkId, projectId: elsewhere, files: files(50) }, visitor);
      expect(refused).toEqual({ code: 'NOT_FOUND', message: INVALID_UPLOAD_LINK });
    }
    expect(await quotaOf(owner, projectId)).toEqual({ count: 0, remaining: 50 });
    expect(await heldThrough(linkId)).toBe(0);
  });

  it("deactivating a link gives back the owner's quota it held", async () => {
    const { owner, projectId, linkId, visitor } = await ownerWithLink();
    const plan = await api.ok<{ slots: unknown[] }>(
      REQUEST,
      { linkId, projectId, files: files(40) },
      visitor,
    );
    expect(plan.slots).toHaveLength(40);
    expect(await quotaOf(owner, projectId)).toEqual({ count: 40, remaining: 10 });

    await api.ok('mutation ($id: ID!) { deactivateFriendLink(id: $id) { id } }', { id: linkId }, owner);
    expect(await quotaOf(owner, projectId)).toEqual({ count: 0, remaining: 50 });
    expect(await heldThrough(linkId)).toBe(0);
    const refused = await api.refused(REQUEST, { linkId, projectId, files: files(1) }, visitor);
    expect(refused).toEqual({ code: 'NOT_FOUND', message: INVALID_UPLOAD_LINK });
  });

  it(`a link takes at most ${FRIEND_LINK_PHOTOS_PER_HOUR} photos an hour, whatever the plan leaves`, async () => {
    const { owner, projectId, linkId, visitor } = await ownerWithLink();
    // A bigger plan than the cap, so the cap is what stops the visitor.
    await new BusClient(stack.bus).request(setProjectTier, actors.admin(), {
      id: projectId,
      tier: 'remember',
    });
    const first = await api.ok<{ slots: unknown[] }>(
      REQUEST,
      { linkId, projectId, files: files(30) },
      visitor,
    );
    const second = await api.ok<{ slots: unknown[]; skipped: number }>(
      REQUEST,
      { linkId, projectId, files: files(30) },
      visitor,
    );
    expect(first.slots.length + second.slots.length).toBe(FRIEND_LINK_PHOTOS_PER_HOUR);
    expect(second.skipped).toBe(60 - FRIEND_LINK_PHOTOS_PER_HOUR);
    const refused = await api.refused(REQUEST, { linkId, projectId, files: files(1) }, visitor);
    expect(refused).toEqual({
      code: friendLinkErrorCodes.hourlyLimit,
      message: friendLinkMessages.hourlyLimit,
    });
    expect(await heldThrough(linkId)).toBe(FRIEND_LINK_PHOTOS_PER_HOUR);
    // The owner's own uploads are not the link's.
    const own = await api.ok<{ slots: unknown[] }>(
      `mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) {
        requestPhotoUploads(projectId: $projectId, files: $files) { slots { uploadId } }
      }`,
      { projectId, files: files(5) },
      owner,
    );
    expect(own.slots).toHaveLength(5);
  });

  it('a link to a deleted project reserves nothing', async () => {
    const { owner, projectId, linkId, visitor } = await ownerWithLink();
    await api.ok('mutation ($id: ID!) { deleteProject(id: $id) { id } }', { id: projectId }, owner);
    // Media hears of the deletion through projects' event; from then on the link opens nothing.
    await eventually(async () =>
      expect(
        await api.refused(
          'query ($id: ID!) { friendUploadLink(id: $id) { projectName } }',
          { id: linkId },
          visitor,
        ),
      ).toEqual({ code: 'NOT_FOUND', message: INVALID_UPLOAD_LINK }),
    );
    const refused = await api.refused(REQUEST, { linkId, projectId, files: files(10) }, visitor);
    expect(refused).toEqual({ code: 'NOT_FOUND', message: INVALID_UPLOAD_LINK });
    expect(await heldThrough(linkId)).toBe(0);
  });
});
