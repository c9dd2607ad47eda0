import type { Actor } from '@memoreel/contracts';
import { projectMessages } from '@memoreel/domain';
import { UnauthorizedError } from '@memoreel/platform';

/** The id of a signed-in actor (anonymous guest sessions included); anyone else gets "Authentication required". */
export function signedInUserId(actor: Actor): string {
  if (!actor.userId || (actor.role !== 'user' && actor.role !== 'admin')) {
    throw new UnauthorizedError(projectMessages.authenticationRequired);
  }
  return actor.userId;
}
