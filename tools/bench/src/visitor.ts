/**
 * A visitor of a running Memoreel, driven from Node: the bot check solved, a guest session, a
 * project with photos, a share. The load, bell and Lighthouse benches set their runs up with it.
 * Each visitor sends its own X-Forwarded-For (the gateway believes it from loopback), so the
 * per-address budgets meter visitors as they would real ones.
 */
import { solveBotCheck } from '@memoreel/testing';

export interface Visitor {
  /** The app's origin, e.g. http://127.0.0.1:3000 (no trailing slash). */
  target: string;
  address: string;
}

export interface Guest extends Visitor {
  token: string;
  projectId: string;
}

let addresses = 0;
/** A visitor with an address of its own (10.x.y.z). */
export function newVisitor(target: string): Visitor {
  addresses += 1;
  const address = `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  return { target: target.replace(/\/$/, ''), address };
}

export const jsonHeaders = (visitor: Visitor, token?: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/graphql-response+json, application/json',
  origin: visitor.target,
  'x-forwarded-for': visitor.address,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

export const graphqlBody = (query: string, variables: object = {}) => JSON.stringify({ query, variables });

/** One GraphQL call, failing loudly. */
export async function graphql<T>(
  visitor: Visitor,
  query: string,
  variables: object,
  token?: string,
): Promise<T> {
  const response = await fetch(`${visitor.target}/graphql`, {
    method: 'POST',
    headers: jsonHeaders(visitor, token),
    body: graphqlBody(query, variables),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data || body.errors?.length) {
    throw new Error(`${query.slice(0, 60)}…: ${JSON.stringify(body.errors)}`);
  }
  return body.data;
}

/** The ALTCHA proof of work solved as the browser widget does: the `botCheck` a form sends. */
export async function solvedBotCheck(visitor: Visitor): Promise<string> {
  const challenge = await fetch(`${visitor.target}/auth/v1/bot-check/challenge`, {
    headers: { 'x-forwarded-for': visitor.address },
  });
  return solveBotCheck(await challenge.json());
}

/** A guest session's access token (/auth/v1/anonymous). */
export async function startGuest(visitor: Visitor): Promise<string> {
  const response = await fetch(`${visitor.target}/auth/v1/anonymous`, {
    method: 'POST',
    headers: jsonHeaders(visitor),
    body: JSON.stringify({ botCheck: await solvedBotCheck(visitor) }),
  });
  const session = (await response.json()) as { accessToken?: string };
  if (!session.accessToken) throw new Error(`guest session: ${response.status} ${JSON.stringify(session)}`);
  return session.accessToken;
}

/** A new guest with the first project every newcomer gets. */
export async function guestWithProject(target: string): Promise<Guest> {
  const visitor = newVisitor(target);
  const token = await startGuest(visitor);
  const { createInitialProject } = await graphql<{ createInitialProject: { project: { id: string } } }>(
    visitor,
    'mutation { createInitialProject { project { id } } }',
    {},
    token,
  );
  return { ...visitor, token, projectId: createInitialProject.project.id };
}

export const REQUEST_UPLOADS =
  'mutation RequestPhotoUploads($projectId: ID!, $files: [PhotoUploadFileInput!]!) { requestPhotoUploads(projectId: $projectId, files: $files) { skipped slots { uploadId url headers { name value } } } }';
export const COMPLETE_UPLOADS =
  'mutation CompletePhotoUploads($projectId: ID!, $uploadIds: [ID!]!) { completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId error photo { id } } }';

export interface UploadSlot {
  uploadId: string;
  url: string;
  headers: { name: string; value: string }[];
}

/** Uploads one JPEG to the guest's project as the browser does: presigned PUT, then complete. */
export async function uploadPhoto(guest: Guest, jpeg: Buffer, name = 'photo.jpg'): Promise<string> {
  const { requestPhotoUploads } = await graphql<{ requestPhotoUploads: { slots: UploadSlot[] } }>(
    guest,
    REQUEST_UPLOADS,
    { projectId: guest.projectId, files: [{ name, size: jpeg.length, contentType: 'image/jpeg' }] },
    guest.token,
  );
  const slot = requestPhotoUploads.slots[0];
  if (!slot) throw new Error('no upload slot');
  const put = await fetch(slot.url, {
    method: 'PUT',
    headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
    body: jpeg,
  });
  if (!put.ok) throw new Error(`photo PUT: ${put.status}`);
  const { completePhotoUploads } = await graphql<{
    completePhotoUploads: { error: string | null; photo: { id: string } | null }[];
  }>(guest, COMPLETE_UPLOADS, { projectId: guest.projectId, uploadIds: [slot.uploadId] }, guest.token);
  const photo = completePhotoUploads[0]?.photo;
  if (!photo) throw new Error(`photo refused: ${completePhotoUploads[0]?.error}`);
  return photo.id;
}

/** Shares the guest's project; the share's id is its public address /v/{id}. */
export async function createShare(guest: Guest, settings: { shareTitle: string; showViewCount?: boolean }) {
  const { createShare } = await graphql<{ createShare: { id: string } }>(
    guest,
    'mutation CreateShare($projectId: ID!, $settings: ShareSettingsInput!) { createShare(projectId: $projectId, settings: $settings) { id } }',
    { projectId: guest.projectId, settings },
    guest.token,
  );
  return createShare.id;
}
