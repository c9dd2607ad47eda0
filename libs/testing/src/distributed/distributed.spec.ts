import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveBotCheck } from '../bot-check.js';
import { type DistributedStack, startDistributedStack } from './start-distributed-stack.js';

/** A 320×240 JPEG (717 bytes): media checks magic bytes and decodes every upload whole. */
const PHOTO = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCADwAUADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCwCWtAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP/Z',
  'base64',
);

/** Whether any process of the group `pid` led is still there. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Every deployable its own process from its build, real NATS with the generated permissions, Postgres
// and an S3 server: a guest's first photo goes through all of them, media survives a kill -9.
describe('the distributed stack', { timeout: 300_000 }, () => {
  let stack: DistributedStack;
  let token: string;
  let projectId: string;

  const graphql = async <T>(query: string, variables: object = {}): Promise<T> => {
    const response = await fetch(`${stack.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: stack.gatewayUrl,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: unknown[] };
    if (!body.data || body.errors?.length)
      throw new Error(`${query.slice(0, 50)}: ${JSON.stringify(body.errors)}`);
    return body.data;
  };

  const photoCount = async () =>
    (
      await graphql<{ photos: { id: string; urls: { grid: string } | null }[] }>(
        'query ($id: ID!) { photos(projectId: $id) { id urls { grid } } }',
        { id: projectId },
      )
    ).photos.length;

  beforeAll(async () => {
    stack = await startDistributedStack({ name: 'distributed-spec' });
  }, 300_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('signs a guest in through the gateway, and takes their project and first photo', async () => {
    const challenge = await (await fetch(`${stack.gatewayUrl}/auth/v1/bot-check/challenge`)).json();
    const session = await fetch(`${stack.gatewayUrl}/auth/v1/anonymous`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.gatewayUrl },
      body: JSON.stringify({ botCheck: await solveBotCheck(challenge) }),
    });
    token = ((await session.json()) as { accessToken: string }).accessToken;
    expect(token).toEqual(expect.any(String));

    projectId = (
      await graphql<{ createInitialProject: { project: { id: string } } }>(
        'mutation { createInitialProject { project { id } } }',
      )
    ).createInitialProject.project.id;
    const { requestPhotoUploads } = await graphql<{
      requestPhotoUploads: {
        slots: { uploadId: string; url: string; headers: { name: string; value: string }[] }[];
      };
    }>(
      'mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) { requestPhotoUploads(projectId: $projectId, files: $files) { slots { uploadId url headers { name value } } } }',
      { projectId, files: [{ name: 'first.jpg', size: PHOTO.length, contentType: 'image/jpeg' }] },
    );
    const [slot] = requestPhotoUploads.slots;
    if (!slot) throw new Error('no upload slot');
    // The presigned PUT goes to the S3 server's own process, not through the gateway.
    expect(new URL(slot.url).origin).toBe(stack.s3Url);
    const put = await fetch(slot.url, {
      method: 'PUT',
      headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
      body: PHOTO,
    });
    expect(put.status).toBe(200);
    const { completePhotoUploads } = await graphql<{
      completePhotoUploads: { error: string | null; photo: { id: string } | null }[];
    }>(
      'mutation ($projectId: ID!, $uploadIds: [ID!]!) { completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { error photo { id } } }',
      { projectId, uploadIds: [slot.uploadId] },
    );
    expect(completePhotoUploads).toEqual([{ error: null, photo: { id: expect.any(String) } }]);
    expect(await photoCount()).toBe(1);
  });

  it('answers again once a service killed with SIGKILL is restarted', async () => {
    const before = stack.pid('projects') as number;
    await stack.kill('projects', 'SIGKILL');
    expect(stack.pid('projects')).toBeUndefined();
    expect(groupAlive(before)).toBe(false);

    await stack.restart('projects');
    expect(stack.pid('projects')).toEqual(expect.any(Number));
    expect(stack.pid('projects')).not.toBe(before);
    expect(await photoCount()).toBe(1);
    expect(stack.rss().projects).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('leaves no process behind when closed', async () => {
    const pids = stack
      .names()
      .filter((name) => name !== 'nats')
      .map((name) => stack.pid(name) as number);
    expect(pids.every((pid) => typeof pid === 'number')).toBe(true);
    await stack.close();
    expect(pids.filter(groupAlive)).toEqual([]);
  });
});
