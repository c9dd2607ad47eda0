import { expect } from 'vitest';
import type { UploadResult, UploadSlot } from '../photo-uploads.js';
import { guestClient } from './guest-client.js';

/** What an attacker holds: a guest session (a solved bot check) on the gateway, and its first project. */
export interface Guest {
  token: string;
  projectId: string;
}

type GraphQLResult = { data?: Record<string, unknown> | null; errors?: { message: string }[] };

/** The photo upload API as a browser (or an attacker) uses it: GraphQL and the PUT URLs it answers. */
export function guestUploads(baseUrl: string) {
  const client = guestClient(baseUrl);
  async function graphql(query: string, variables: Record<string, unknown>, token: string) {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const result = (await response.json()) as GraphQLResult;
    expect(result.errors).toBeUndefined();
    return result.data as Record<string, unknown>;
  }

  return {
    async guest(): Promise<Guest> {
      const token = await client.guestSession();
      return { token, projectId: await client.projectOf(token) };
    },

    async requestUploads(
      guest: Guest,
      files: readonly { name: string; size: number; contentType: string }[],
    ): Promise<UploadSlot[]> {
      const data = await graphql(
        `mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) {
          requestPhotoUploads(projectId: $projectId, files: $files) {
            slots { uploadId fileIndex url headers { name value } }
          }
        }`,
        { projectId: guest.projectId, files },
        guest.token,
      );
      return (data.requestPhotoUploads as { slots: UploadSlot[] }).slots;
    },

    /** PUTs `body` to the slot's URL; answers the HTTP status. */
    async put(slot: UploadSlot, body: Uint8Array): Promise<number> {
      const response = await fetch(slot.url, {
        method: 'PUT',
        headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
        body,
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    },

    async complete(guest: Guest, uploadIds: readonly string[]): Promise<UploadResult[]> {
      const data = await graphql(
        `mutation ($projectId: ID!, $uploadIds: [ID!]!) {
          completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId error photo { id } }
        }`,
        { projectId: guest.projectId, uploadIds },
        guest.token,
      );
      return data.completePhotoUploads as UploadResult[];
    },

    async photoIds(guest: Guest): Promise<string[]> {
      const data = await graphql(
        'query ($projectId: ID!) { photos(projectId: $projectId) { id } }',
        { projectId: guest.projectId },
        guest.token,
      );
      return (data.photos as { id: string }[]).map((photo) => photo.id);
    },
  };
}

/**
 * Runs `work` while `/health/live` is asked again and again (one request at a time); answers its
 * result and the slowest answer in ms, the time the server could not answer at all included.
 */
export async function whileHealthPolled<T>(
  baseUrl: string,
  work: () => Promise<T>,
): Promise<{ result: T; worstMs: number }> {
  let done = false;
  let worstMs = 0;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/health/live`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      worstMs = Math.max(worstMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    const result = await work();
    done = true;
    await poll;
    return { result, worstMs };
  } finally {
    done = true;
  }
}
