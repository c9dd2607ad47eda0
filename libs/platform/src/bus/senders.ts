import {
  type Actor,
  checkPhotoEditWanted,
  chunkRendered,
  chunkStarted,
  contractFor,
  exportProjects,
  findPhotoSubjects,
  findTrackBeats,
  getChunkPhotos,
  getMusicUrls,
  getPhotoUrls,
  getProject,
  listPhotos,
  listRenders,
  makePhotoThumbnails,
  makePhotoVideoDerivative,
  mixAudio,
  photoDeleted,
  photoEditFailed,
  photoEditFinished,
  photoEditProgressed,
  photoStored,
  probeRecorded,
  projectCreated,
  projectDeleted,
  projectRenamed,
  projectTierChanged,
  purchaseCompleted,
  renderChunk,
  renderFailed,
  requestContracts,
  runPhotoEdit,
  shareDeleted,
  shareUpdated,
  stitchVideo,
  userDeleted,
  videoStitched,
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
 * The operations identity that alone creates and changes the bus's JetStream streams and durable
 * consumers (a stream's settings could republish onto any subject; a durable reads a stream). No
 * deployable, so it may claim no actor.
 */
export const STREAM_OWNER = 'bus-admin';

/** The only sender that speaks for browsers: it verifies their tokens. */
export const GATEWAY: Deployable = 'gateway';

type Role = Actor['role'];
const BROWSER: readonly Role[] = ['guest', 'user', 'admin'];
const SYSTEM_ONLY: readonly Role[] = ['system'];

/** Requests between services that answer what no browser may ask for: the gateway never sends them. */
const internalRequests: ReadonlySet<string> = new Set(
  [getMusicUrls, getChunkPhotos, checkPhotoEditWanted, exportProjects].map((contract) => contract.subject),
);

/** Where a consumer reads: events, jobs (work queue), or the dead letters of a subject. */
export type ConsumedQueue = 'events' | 'jobs' | 'dead';
/** One durable consumer of a deployable; `maxDeliver`/`ackWaitMs` as its handler sets them. */
export interface ConsumedSubject {
  queue: ConsumedQueue;
  subject: string;
  maxDeliver?: number;
  ackWaitMs?: number;
}

interface BusGrant {
  /** Request subject → the actor roles this deployable may send it as. */
  sends: ReadonlyMap<string, readonly Role[]>;
  /** The durables `bus-admin` makes for it (one per handler), the only ones it may pull. */
  consumes: readonly ConsumedSubject[];
}

const events = (...contracts: { subject: string }[]): ConsumedSubject[] =>
  contracts.map(({ subject }) => ({ queue: 'events', subject }));
/** Render and photo-edit jobs get three tries (their handlers' `maxDeliver`). */
const JOB_TRIES = 3;

/**
 * What each deployable may do on the bus: the one table behind `claimRefusal`, the broker's
 * permissions (`natsPermissions`) and the durables `ensureBusStreams` makes. Services speak as the
 * system, and for a browser's actor only where the callee's ownership rules must decide for that user.
 */
const grants: Record<Deployable, BusGrant> = {
  // Every request a browser may make, for the browser it verified; never as the system.
  gateway: {
    sends: new Map(
      requestContracts
        .filter((contract) => !internalRequests.has(contract.subject))
        .map((contract) => [contract.subject, BROWSER]),
    ),
    consumes: [],
  },
  // Logs admins' tier changes and edits of others' shares.
  auth: { sends: new Map(), consumes: events(projectTierChanged, shareUpdated, shareDeleted) },
  projects: {
    sends: new Map(),
    consumes: events(userDeleted, purchaseCompleted),
  },
  media: {
    sends: new Map([
      // Reads the project's plan before an AI edit, as its owner (decision 0017).
      [getProject.subject, BROWSER],
      // The backfill of its replica of projects (decision 0030).
      [exportProjects.subject, SYSTEM_ONLY],
    ]),
    consumes: [
      ...events(photoEditProgressed, photoEditFinished, photoEditFailed, photoDeleted, photoStored),
      ...events(projectDeleted, userDeleted),
      // Its replica of projects' owners, plans and names (decision 0030).
      ...events(projectCreated, projectTierChanged, projectRenamed),
      { queue: 'jobs', subject: makePhotoThumbnails.subject },
      { queue: 'jobs', subject: makePhotoVideoDerivative.subject },
      { queue: 'jobs', subject: findPhotoSubjects.subject },
    ],
  },
  sharing: {
    sends: new Map([
      // Snapshots a project's settings for its owner; plays a share as the owner it recorded.
      [getProject.subject, BROWSER],
      [listPhotos.subject, BROWSER],
      [listRenders.subject, BROWSER],
      [getMusicUrls.subject, SYSTEM_ONLY],
    ]),
    consumes: events(probeRecorded, projectDeleted),
  },
  // Prices an upgrade of the caller's project.
  billing: { sends: new Map([[getProject.subject, BROWSER]]), consumes: [] },
  render: {
    // Reads the project and its photos with their URLs (media) as their owner; re-signs a chunk's photos.
    sends: new Map([
      [getProject.subject, BROWSER],
      [listPhotos.subject, BROWSER],
      [getPhotoUrls.subject, BROWSER],
    ]),
    consumes: [
      ...events(chunkStarted, chunkRendered, videoStitched, renderFailed, projectDeleted),
      // Fails the render whose job every worker gave up on.
      { queue: 'dead', subject: renderChunk.subject },
      { queue: 'dead', subject: stitchVideo.subject },
      // The beats of each library track, found once (issue 35).
      { queue: 'jobs', subject: findTrackBeats.subject },
    ],
  },
  'render-worker': {
    sends: new Map([[getChunkPhotos.subject, SYSTEM_ONLY]]),
    consumes: [
      { queue: 'jobs', subject: renderChunk.subject, maxDeliver: JOB_TRIES },
      { queue: 'jobs', subject: mixAudio.subject, maxDeliver: JOB_TRIES },
      { queue: 'jobs', subject: stitchVideo.subject, maxDeliver: JOB_TRIES },
    ],
  },
  'photo-edit-worker': {
    // Asks before and between phases whether the edit is still wanted (a discarded one never runs).
    sends: new Map([[checkPhotoEditWanted.subject, SYSTEM_ONLY]]),
    consumes: [{ queue: 'jobs', subject: runPhotoEdit.subject, maxDeliver: JOB_TRIES }],
  },
};

export function isDeployable(sender: string): sender is Deployable {
  return (deployables as readonly string[]).includes(sender);
}

/** The request subjects `deployable` may send, whatever the actor. */
export function requestsSentBy(deployable: Deployable): string[] {
  return [...grants[deployable].sends.keys()];
}

/** NATS durable names cannot contain dots: `sharing--projects_probe_recorded`. */
export function durableName(service: string, subject: string): string {
  return `${service}--${subject.replaceAll('.', '_')}`;
}

/** A durable `bus-admin` makes, as the deployable's `BusTransport` names and tunes it. */
export interface DurableOf extends ConsumedSubject {
  durable: string;
}

/** The durables of `deployable`: its handlers' consumers, the only ones it may bind to and pull. */
export function durablesOf(deployable: Deployable): DurableOf[] {
  return grants[deployable].consumes.map((consumed) => ({
    ...consumed,
    durable: durableName(
      deployable,
      consumed.queue === 'dead' ? `dead.${consumed.subject}` : consumed.subject,
    ),
    // A job's contract declares its ack wait (long jobs); BusTransport applies it the same way.
    ackWaitMs: consumed.ackWaitMs ?? (consumed.queue === 'jobs' ? jobAckWaitMs(consumed.subject) : undefined),
  }));
}

function jobAckWaitMs(subject: string): number | undefined {
  const contract = contractFor(subject);
  return contract?.kind === 'job' ? contract.delivery?.ackWaitMs : undefined;
}

/**
 * Why `sender` may not send `subject` as `actor`, or undefined when it may: each deployable sends
 * only the requests its grant lists, as the roles listed there.
 */
export function claimRefusal(sender: string, subject: string, actor: Actor): string | undefined {
  if (!isDeployable(sender)) return `${sender} is not a deployable of this system`;
  const roles = grants[sender].sends.get(subject);
  if (!roles) {
    if (sender === GATEWAY && actor.role === 'system') return 'the gateway may not act as the system';
    return `${sender} may not send ${subject}`;
  }
  if (roles.includes(actor.role)) return undefined;
  if (actor.role === 'system') {
    return sender === GATEWAY
      ? 'the gateway may not act as the system'
      : `${sender} may not send ${subject} as the system`;
  }
  return `${sender} may not send ${subject} on behalf of a ${actor.role}`;
}
