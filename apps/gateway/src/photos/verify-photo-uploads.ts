import { type Actor, completePhotoUploads, type RequestOf } from '@memoreel/contracts';
import type { BusClient } from '@memoreel/platform';

/**
 * Completes uploads, the owner's or a friend's through a link: media verifies each object, converts
 * HEIC and stores the photo. That can take seconds per file (a large HEIC); the default 5 s would
 * cut it short.
 */
export function verifyPhotoUploads(
  bus: BusClient,
  actor: Actor,
  request: RequestOf<typeof completePhotoUploads>,
) {
  const timeoutMs = 30_000 + request.uploadIds.length * 10_000;
  return bus.request(completePhotoUploads, actor, request, { timeoutMs });
}
