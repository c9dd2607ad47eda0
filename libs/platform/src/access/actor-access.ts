import type { Actor } from '@memoreel/contracts';
import { type DomainError, ForbiddenError, NotFoundError, UnauthorizedError } from '../bus/domain-error.js';

/** The spec's answer to a call that needs a session and has none. */
export const AUTHENTICATION_REQUIRED = 'Authentication required';

/**
 * The id of a signed-in actor (anonymous guest sessions included). Anyone else — no session, the
 * system, a worker — gets "Authentication required", or the error the service names.
 */
export function requireSignedIn(
  actor: Actor,
  refuse: () => DomainError = () => new UnauthorizedError(AUTHENTICATION_REQUIRED),
): string {
  if (!actor.userId || (actor.role !== 'user' && actor.role !== 'admin')) throw refuse();
  return actor.userId;
}

/** What a user hears from a request that only Memoreel's own services and jobs may make. */
export const SYSTEM_ONLY = 'Only Memoreel itself may ask for this';

/**
 * For requests only the system makes (exports, workers' lookups, a job's own questions): anyone
 * else — a user, an admin, a guest — is Forbidden. The sender rules of the bus refuse them first;
 * this is the service's own check behind them.
 */
export function requireSystem(actor: Actor, message: string = SYSTEM_ONLY): void {
  if (actor.role !== 'system') throw new ForbiddenError(message);
}

/**
 * The one access rule between users: a resource that is missing and a resource that is someone
 * else's get the same answer, NotFound with the resource's own message, so nobody learns that
 * another user's project, photo, render or share exists.
 */
export function ownedOrNotFound<T>(
  resource: T | null | undefined,
  owner: (resource: T) => string | null | undefined,
  userId: string,
  notFoundMessage: string,
): T {
  if (resource === null || resource === undefined || owner(resource) !== userId) {
    throw new NotFoundError(notFoundMessage);
  }
  return resource;
}

/**
 * The owner of a row, as the actor a service acts for when nobody asked (a job, a watchdog, a
 * public page): other services then apply their owner-only rule to that user, never widened.
 */
export function ownerActor(row: { userId: string }): Actor {
  return { userId: row.userId, role: 'user', isAnonymous: false };
}
