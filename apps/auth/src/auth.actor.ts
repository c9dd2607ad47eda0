import type { Actor } from '@memoreel/contracts';
import { NotAuthenticatedError } from './auth.errors.js';

/** The id of a signed-in actor (guest sessions included); anyone else gets `not_authenticated`. */
export function signedInUserId(actor: Actor): string {
  if (!actor.userId || (actor.role !== 'user' && actor.role !== 'admin')) throw new NotAuthenticatedError();
  return actor.userId;
}

/** Events about a user are recorded as caused by that user: the gateway may only know a guest at that point. */
export function actorFor(user: { id: string; isAnonymous: boolean }): Actor {
  return { userId: user.id, role: 'user', isAnonymous: user.isAnonymous };
}
