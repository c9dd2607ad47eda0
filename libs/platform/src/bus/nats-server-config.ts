import { inboxPrefixOf, type WireLayout, wireLayout } from './nats-wire.js';
import {
  type ConsumedQueue,
  type Deployable,
  deployables,
  durablesOf,
  isDeployable,
  requestsSentBy,
  STREAM_OWNER,
} from './senders.js';

/** What one identity may do on the broker, in nats-server's terms. */
export interface NatsPermissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[] };
  /** Lets a responder answer the requests it received (their `_INBOX` reply subjects) and nothing else there. */
  allow_responses?: true;
}

/**
 * What an identity may send and pull. A deployable's comes from its grant in `senders.ts`; a test's
 * own identity may name `'any'` (every request under its name, every durable it binds to).
 */
export interface BusGrantOnWire {
  requests: readonly string[] | 'any';
  durables: readonly { queue: ConsumedQueue; durable: string }[] | 'any';
}

function grantOf(identity: string): BusGrantOnWire {
  if (!isDeployable(identity)) return { requests: [], durables: [] };
  return { requests: requestsSentBy(identity), durables: durablesOf(identity) };
}

/**
 * Deployable `identity` publishes only the requests its grant lists, as itself, and only its own
 * events, jobs and live pushes; it hears only requests addressed to its own subjects and replies
 * under its own inbox. It makes no stream and no consumer (`bus-admin` does): it binds to and pulls
 * only its own durables, and dead-letters only from them.
 * Contract subjects start with the service that answers or emits them (`<service>.<entity>.<verb>`).
 */
export function natsPermissions(
  identity: string,
  namespace = 'memoreel',
  grant: BusGrantOnWire = grantOf(identity),
): NatsPermissions {
  const wire = wireLayout(namespace);
  const streams = [wire.events.stream, wire.jobs.stream, wire.dead.stream];
  const requests = grant.requests === 'any' ? ['>'] : grant.requests;
  return {
    publish: {
      allow: [
        ...requests.map((subject) => `${wire.rpc}${identity}.${subject}`),
        `${wire.events.prefix}${identity}.>`,
        `${wire.jobs.prefix}${identity}.>`,
        `${wire.live}${identity}.>`,
        // Streams are only looked at: their settings could republish onto any subject.
        '$JS.API.INFO',
        ...streams.map((stream) => `$JS.API.STREAM.INFO.${stream}`),
        ...durableRights(wire, grant.durables),
      ],
      // Durables are made by bus-admin alone: a deployable's own could read any stream.
      deny: ['$JS.API.CONSUMER.CREATE.>', '$JS.API.CONSUMER.DURABLE.CREATE.>'],
    },
    subscribe: {
      allow: [`${wire.rpc}*.${identity}.>`, `${wire.live}>`, `${inboxPrefixOf(identity)}.>`],
    },
    allow_responses: true,
  };
}

/** Look at, pull, ack and dead-letter from the given durables (each a single subject token). */
function durableRights(wire: WireLayout, durables: BusGrantOnWire['durables']): string[] {
  const streamOf = { events: wire.events.stream, jobs: wire.jobs.stream, dead: wire.dead.stream };
  const owned =
    durables === 'any'
      ? Object.values(streamOf).map((stream) => ({ stream, durable: '*' }))
      : durables.map(({ queue, durable }) => ({ stream: streamOf[queue], durable }));
  return owned.flatMap(({ stream, durable }) => [
    `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
    // allow_responses covers one ack per delivery; this keeps progress acks (more than one) possible.
    `$JS.ACK.${stream}.${durable}.>`,
    // A dead letter goes under the name of the consumer that gave up on it.
    ...(stream === wire.dead.stream ? [] : [`${wire.dead.prefix}${durable}.>`]),
  ]);
}

/** The stream owner (`ensureBusStreams`): the JetStream API and its own inbox, nothing on the bus itself. */
export function streamOwnerPermissions(): NatsPermissions {
  return {
    publish: { allow: ['$JS.API.>'] },
    subscribe: { allow: [`${inboxPrefixOf(STREAM_OWNER)}.>`] },
  };
}

/** Who may connect: the deployables and the stream owner. */
export type Identity = Deployable | typeof STREAM_OWNER;

export interface NatsServerConfigOptions {
  /** Bus namespace (`BUS_NAMESPACE`). Default `memoreel`. */
  namespace?: string;
  /**
   * Each identity's password. One not given is read by nats-server from the environment variable
   * `passwordVariable(name)` when it starts, so the file itself holds no secret; nats-server parses
   * that variable as a configuration value, so it must hold the password in double quotes.
   */
  passwords?: Partial<Record<Identity, string>> & Record<string, string>;
  /** Who talks on the bus: the deployables, unless a test brings its own. */
  identities?: readonly string[];
  /** The grants of a test's own identities (default: a deployable's from `senders.ts`). */
  grants?: Record<string, BusGrantOnWire>;
}

/** `NATS_PASSWORD_RENDER_WORKER` for `render-worker`. */
export function passwordVariable(identity: string): string {
  return `NATS_PASSWORD_${identity.toUpperCase().replaceAll('-', '_')}`;
}

/**
 * The `authorization` block of nats-server's configuration: one user per deployable with its
 * permissions, the stream owner, and nobody else (a connection without valid credentials is
 * refused). Include it from the server's main configuration, which sets ports and JetStream.
 */
export function natsServerConfig(options: NatsServerConfigOptions = {}): string {
  if (options.namespace !== undefined && !/^[a-z][a-z0-9_-]*$/.test(options.namespace)) {
    throw new Error(`Bus namespace "${options.namespace}" must be lower-case letters, digits, _ or -`);
  }
  const users: [string, NatsPermissions][] = [
    ...(options.identities ?? deployables).map((identity): [string, NatsPermissions] => [
      identity,
      natsPermissions(identity, options.namespace, options.grants?.[identity]),
    ]),
    [STREAM_OWNER, streamOwnerPermissions()],
  ];
  return [
    '# Generated from libs/platform/src/bus/senders.ts by natsServerConfig(); do not edit by hand.',
    'authorization {',
    '  users: [',
    ...users.map(([identity, permissions]) => {
      const password = options.passwords?.[identity];
      return [
        '    {',
        `      user: ${JSON.stringify(identity)}`,
        `      password: ${password === undefined ? `$${passwordVariable(identity)}` : JSON.stringify(password)}`,
        '      permissions: {',
        `        publish: { allow: ${list(permissions.publish.allow)}${permissions.publish.deny ? `, deny: ${list(permissions.publish.deny)}` : ''} }`,
        `        subscribe: { allow: ${list(permissions.subscribe.allow)} }`,
        ...(permissions.allow_responses ? ['        allow_responses: true'] : []),
        '      }',
        '    }',
      ].join('\n');
    }),
    '  ]',
    '}',
    '',
  ].join('\n');
}

const list = (subjects: readonly string[]) => `[${subjects.map((s) => JSON.stringify(s)).join(', ')}]`;
