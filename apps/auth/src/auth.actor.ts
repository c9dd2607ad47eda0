import type { Actor } from '@memoreel/contracts';
import { NotAuthenticatedError } from './auth.errors.js';

/** Auth refuses a caller without a session with its own code: `requireSignedIn(actor, notAuthenticated)`. */
export const notAuthenticated = () => new NotAuthenticatedError();

/** Events about a user are recorded as caused by that user: the gateway may only know a guest at that point. */
export function actorFor(user: { id: string; isAnonymous: boolean }): Actor {
  return { userId: user.id, role: 'user', isAnonymous: user.isAnonymous };
}
