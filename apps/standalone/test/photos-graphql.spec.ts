import { authService } from '@memoreel/auth';
import { photoMessages } from '@memoreel/domain';
import { mediaService } from '@memoreel/media';
import { projectsService } from '@memoreel/projects';
import { eventually } from '@memoreel/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useGatewayStack } from './gateway-stack.js';
import { guestSession as guestSessionAt } from './guest-session.js';

/**
 * Photos end to end as standalone runs them: the gateway with real access tokens from auth, the
 * projects and media services, local-folder storage whose signed URLs the gateway serves at /storage.
 */

type GraphQLResult = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: { code: string } }[];
};
type PhotoResult = {
  id: string;
  displayOrder: number;
  filter: string;
  width: number;
  height: number;
  transforms: { start: Record<string, number>; end: Record<string, number> };
  urls: { grid: string; strip: string; carousel: string; full: string } | null;
  subjects: { kind: string; boxes: { x: number; y: number; width: number; height: number }[] } | null;
};

const TRANSFORM = 'scale translateX translateY rotate';
const PHOTO = `id projectId originalName displayOrder status submittedBy filter width height createdAt
  transforms { start { ${TRANSFORM} } end { ${TRANSFORM} } } urls { grid strip carousel full }
  subjects { kind boxes { x y width height } }`;

describe('photos over GraphQL (auth + projects + media + gateway, local storage)', () => {
  const stack = useGatewayStack({
    name: 'photos-gql',
    services: [authService, projectsService, mediaService],
    mail: true,
    localStorage: true,
  });

  async function graphql(query: string, variables: Record<string, unknown>, token?: string) {
    const response = await fetch(`${stack.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GraphQLResult;
  }

  async function ok(query: string, variables: Record<string, unknown>, token: string) {
    const result = await graphql(query, variables, token);
    expect(result.errors).toBeUndefined();
    return result.data as Record<string, unknown>;
  }

  const errorOf = (result: GraphQLResult) => ({
    code: result.errors?.[0]?.extensions.code,
    message: result.errors?.[0]?.message,
  });

  const guestSession = () => guestSessionAt(stack.baseUrl);

  async function projectOf(token: string): Promise<string> {
    const data = await ok('mutation { createInitialProject { project { id } } }', {}, token);
    return (data.createInitialProject as { project: { id: string } }).project.id;
  }

  const photosOf = async (projectId: string, token: string) =>
    (await ok(`query ($projectId: ID!) { photos(projectId: $projectId) { ${PHOTO} } }`, { projectId }, token))
      .photos as PhotoResult[];

  it('request → PUT to /storage → complete → photos listed with signed thumbnail URLs', async () => {
    const token = await guestSession();
    const projectId = await projectOf(token);
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();
    const files = [
      { name: 'Garden.jpg', bytes: photo, contentType: 'image/jpeg' },
      { name: 'notes.png', bytes: Buffer.from('not an image, only text'), contentType: 'image/png' },
    ];
    const plan = (
      await ok(
        `mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) {
          requestPhotoUploads(projectId: $projectId, files: $files) {
            slots { uploadId fileIndex url headers { name value } } skipped quota { count limit remaining }
          }
        }`,
        {
          projectId,
          files: files.map((f) => ({ name: f.name, size: f.bytes.length, contentType: f.contentType })),
        },
        token,
      )
    ).requestPhotoUploads as {
      slots: {
        uploadId: string;
        fileIndex: number;
        url: string;
        headers: { name: string; value: string }[];
      }[];
      skipped: number;
      quota: unknown;
    };
    expect(plan.skipped).toBe(0);
    expect(plan.quota).toEqual({ count: 2, limit: 50, remaining: 48 });
    for (const slot of plan.slots) {
      expect(slot.url.startsWith(`${stack.baseUrl}/storage/photos/${projectId}/`)).toBe(true);
      const response = await fetch(slot.url, {
        method: 'PUT',
        headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
        body: files[slot.fileIndex]!.bytes,
      });
      expect(response.status).toBe(200);
    }

    const results = (
      await ok(
        `mutation ($projectId: ID!, $uploadIds: [ID!]!) {
          completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId error photo { ${PHOTO} } }
        }`,
        { projectId, uploadIds: plan.slots.map((s) => s.uploadId) },
        token,
      )
    ).completePhotoUploads as { uploadId: string; error: string | null; photo: PhotoResult | null }[];
    expect(results[0]).toMatchObject({
      uploadId: plan.slots[0]!.uploadId,
      error: null,
      photo: { id: plan.slots[0]!.uploadId, width: 900, height: 600, displayOrder: 0, filter: 'none' },
    });
    expect(results[1]).toEqual({
      uploadId: plan.slots[1]!.uploadId,
      error: photoMessages.notAnImage('notes.png'),
      photo: null,
    });

    const [listed] = await eventually(async () => {
      const photos = await photosOf(projectId, token);
      expect(photos).toHaveLength(1);
      expect(photos[0]!.urls).not.toBeNull();
      return photos;
    });
    const grid = await fetch(listed!.urls!.grid);
    expect(grid.status).toBe(200);
    expect(grid.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await grid.arrayBuffer())).metadata()).toMatchObject({
      width: 480,
      height: 320,
    });
    expect((await fetch(listed!.urls!.full)).headers.get('content-type')).toBe('image/jpeg');
    // Where Auto motion ends: found after the thumbnails, in the photo's own pixels (no face here: its subject).
    const [found] = await eventually(async () => {
      const photos = await photosOf(projectId, token);
      expect(photos[0]!.subjects).not.toBeNull();
      return photos;
    });
    expect(found!.subjects!.kind).toBe('subject');
    const [box] = found!.subjects!.boxes;
    expect(box!.x + box!.width).toBeLessThanOrEqual(900);
    expect(box!.y + box!.height).toBeLessThanOrEqual(600);

    const quota = await ok(
      'query ($projectId: ID!) { photoQuota(projectId: $projectId) { count remaining } }',
      { projectId },
      token,
    );
    expect(quota.photoQuota).toEqual({ count: 1, remaining: 49 });
    const cards = (await ok('{ projects { id photoCount photos { id url } } }', {}, token)).projects as {
      photoCount: number;
      photos: { id: string; url: string }[];
    }[];
    expect(cards[0]).toMatchObject({ photoCount: 1, photos: [{ id: listed!.id }] });
    expect(cards[0]!.photos[0]!.url).toContain('/storage/photos/');
  });

  it('edits: filter, clamped transforms, reorder and delete; another guest finds nothing', async () => {
    const token = await guestSession();
    const projectId = await projectOf(token);
    const ids: string[] = [];
    for (const colour of ['#111', '#999']) {
      const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const plan = (
        await ok(
          `mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) {
            requestPhotoUploads(projectId: $projectId, files: $files) { slots { uploadId url headers { name value } } }
          }`,
          { projectId, files: [{ name: `${colour}.png`, size: bytes.length, contentType: 'image/png' }] },
          token,
        )
      ).requestPhotoUploads as {
        slots: { uploadId: string; url: string; headers: { name: string; value: string }[] }[];
      };
      const [slot] = plan.slots;
      await fetch(slot!.url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: bytes });
      await ok(
        'mutation ($projectId: ID!, $uploadIds: [ID!]!) { completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { error } }',
        { projectId, uploadIds: [slot!.uploadId] },
        token,
      );
      ids.push(slot!.uploadId);
    }
    const [first, second] = ids as [string, string];

    const filtered = await ok(
      `mutation ($id: ID!) { setPhotoFilter(id: $id, filter: "vintage") { ${PHOTO} } }`,
      { id: first },
      token,
    );
    expect((filtered.setPhotoFilter as PhotoResult).filter).toBe('vintage');
    const transformed = await ok(
      `mutation ($id: ID!, $transforms: PhotoTransformsInput!) { setPhotoTransforms(id: $id, transforms: $transforms) { ${PHOTO} } }`,
      {
        id: first,
        transforms: {
          start: { scale: 7, translateX: 1, translateY: -70, rotate: 190 },
          end: { scale: 1.26, translateX: 20, translateY: 0, rotate: -45.4 },
        },
      },
      token,
    );
    expect((transformed.setPhotoTransforms as PhotoResult).transforms).toEqual({
      start: { scale: 4, translateX: 0, translateY: -50, rotate: 180 },
      end: { scale: 1.3, translateX: 20, translateY: 0, rotate: -45 },
    });
    const reordered = await ok(
      `mutation ($projectId: ID!) { reorderPhoto(projectId: $projectId, from: 1, to: 0) { ${PHOTO} } }`,
      { projectId },
      token,
    );
    expect((reordered.reorderPhoto as PhotoResult[]).map((p) => [p.id, p.displayOrder])).toEqual([
      [second, 0],
      [first, 1],
    ]);

    const intruder = await guestSession();
    expect(
      errorOf(
        await graphql(
          `query ($projectId: ID!) { photos(projectId: $projectId) { id } }`,
          { projectId },
          intruder,
        ),
      ),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'Project not found',
    });
    expect(
      errorOf(
        await graphql(
          'mutation ($id: ID!) { setPhotoFilter(id: $id, filter: "warm") { id } }',
          { id: first },
          intruder,
        ),
      ),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'Photo not found',
    });
    expect(
      errorOf(
        await graphql(
          'mutation ($projectId: ID!, $ids: [ID!]!) { deletePhotos(projectId: $projectId, ids: $ids) }',
          { projectId, ids },
          intruder,
        ),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: 'Project not found' });
    expect(
      errorOf(
        await graphql(`query ($projectId: ID!) { photos(projectId: $projectId) { id } }`, { projectId }),
      ),
    ).toMatchObject({
      code: 'UNAUTHORIZED',
    });

    const deleted = await ok(
      'mutation ($projectId: ID!, $ids: [ID!]!) { deletePhotos(projectId: $projectId, ids: $ids) }',
      { projectId, ids: [first] },
      token,
    );
    expect(deleted.deletePhotos).toEqual([first]);
    expect((await photosOf(projectId, token)).map((p) => [p.id, p.displayOrder])).toEqual([[second, 0]]);
  });

  it('the /storage route refuses a PUT past 10 MB with 413', async () => {
    const token = await guestSession();
    const projectId = await projectOf(token);
    const plan = (
      await ok(
        `mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) {
          requestPhotoUploads(projectId: $projectId, files: $files) { slots { url } }
        }`,
        { projectId, files: [{ name: 'big.jpg', size: 11 * 1024 * 1024, contentType: 'image/jpeg' }] },
        token,
      )
    ).requestPhotoUploads as { slots: { url: string }[] };
    const response = await fetch(plan.slots[0]!.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: Buffer.alloc(11 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
  });
});
