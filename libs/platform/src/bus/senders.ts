import {
  type Actor,
  getMusicUrls,
  getPhotoUrls,
  getProject,
  listPhotos,
  listPhotosForShare,
  listRenders,
} from '@memoreel/contracts';

/**
 * Every deployable that talks on the bus, each with its own NATS identity (user = this name).
 * The broker's configuration (`nats-server-config.ts`) and the claim policy below both read it.
 */
export const deployables = [
  'gateway',
  'auth',
  'projects',
  'media',
  'sharing',
  'billing',
  'render',
  'render-worker',
  'photo-edit-worker',
] as const;
export type Deployable = (typeof deployables)[number];

/**
 * The operations identity that alone creates and changes the bus's JetStream streams (a stream's
 * settings could otherwise republish onto any subject). No deployable, so it may claim no actor.
 */
export const STREAM_OWNER = 'bus-admin';

/** The only sender that speaks for browsers: it verifies their tokens. */
export const GATEWAY: Deployable = 'gateway';

/**
 * Service-to-service requests that carry the browser's actor, so the callee's ownership rules
 * decide for that user: subject → the services that may forward it.
 */
const forwardedActors: ReadonlyMap<string, readonly Deployable[]> = new Map([
  // Sharing snapshots a project's settings, billing prices an upgrade, render renders it, media checks
  // its plan before an AI edit: only for its owner.
  [getProject.subject, ['sharing', 'billing', 'render', 'media']],
  // Render reads the photos (and their filtered derivatives' URLs) of the project it renders, as its owner.
  [listPhotos.subject, ['render']],
  // The public player of a share: media signs only its owner's photos, so sharing asks as the owner it recorded.
  [getPhotoUrls.subject, ['sharing', 'render']],
  // ...and plays the project's latest rendered MP4, which render lists only to the owner.
  [listRenders.subject, ['sharing']],
]);

/**
 * Requests that answer what no browser may ask for (a project's photos without its owner's
 * rights, any track's file): subject → the only services that may send them, as anyone.
 */
const onlyFrom: ReadonlyMap<string, readonly Deployable[]> = new Map([
  [listPhotosForShare.subject, ['sharing']],
  [getMusicUrls.subject, ['sharing']],
]);

export function isDeployable(sender: string): sender is Deployable {
  return (deployables as readonly string[]).includes(sender);
}

/**
 * Why `sender` may not send `subject` as `actor`, or undefined when it may. The gateway speaks for
 * browsers (guest, user, admin) and never as the system; a service speaks as the system, and for a
 * browser's actor only where `forwardedActors` lists it. A subject of `onlyFrom` comes from its services alone.
 */
export function claimRefusal(sender: string, subject: string, actor: Actor): string | undefined {
  if (!isDeployable(sender)) return `${sender} is not a deployable of this system`;
  const senders = onlyFrom.get(subject);
  if (senders && !senders.includes(sender)) return `only ${senders.join(', ')} may send ${subject}`;
  if (actor.role === 'system') {
    return sender === GATEWAY ? 'the gateway may not act as the system' : undefined;
  }
  if (sender === GATEWAY) return undefined;
  if (forwardedActors.get(subject)?.includes(sender)) return undefined;
  return `${sender} may not send ${subject} on behalf of a ${actor.role}`;
}
