import { inboxPrefixOf, wireLayout } from './nats-wire.js';
import { type Deployable, deployables, STREAM_OWNER } from './senders.js';

/** What one identity may do on the broker, in nats-server's terms. */
export interface NatsPermissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
  /** Lets a responder answer the requests it received (their `_INBOX` reply subjects) and nothing else there. */
  allow_responses?: true;
}

/**
 * Deployable `identity` publishes requests only as itself, and only its own events, jobs and live
 * pushes; it hears only requests addressed to its own subjects and replies under its own inbox.
 * Contract subjects start with the service that answers or emits them (`<service>.<entity>.<verb>`).
 */
export function natsPermissions(identity: string, namespace = 'memoreel'): NatsPermissions {
  const wire = wireLayout(namespace);
  const streams = [wire.events.stream, wire.jobs.stream, wire.dead.stream];
  return {
    publish: {
      allow: [
        `${wire.rpc}${identity}.>`,
        `${wire.events.prefix}${identity}.>`,
        `${wire.jobs.prefix}${identity}.>`,
        `${wire.live}${identity}.>`,
        // Any consumer may dead-letter: durable names are not subject tokens of their service.
        `${wire.dead.prefix}>`,
        // Streams are only looked at: their settings could republish onto any subject.
        '$JS.API.INFO',
        ...streams.map((stream) => `$JS.API.STREAM.INFO.${stream}`),
        // Pull consumers on our streams (durable names carry no token of their service: decision 0010).
        ...streams.flatMap((stream) => [
          `$JS.API.CONSUMER.CREATE.${stream}.>`,
          `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.*`,
          `$JS.API.CONSUMER.INFO.${stream}.*`,
          `$JS.API.CONSUMER.MSG.NEXT.${stream}.*`,
          // allow_responses covers one ack per delivery; this keeps progress acks (more than one) possible.
          `$JS.ACK.${stream}.>`,
        ]),
      ],
    },
    subscribe: {
      allow: [`${wire.rpc}*.${identity}.>`, `${wire.live}>`, `${inboxPrefixOf(identity)}.>`],
    },
    allow_responses: true,
  };
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
      natsPermissions(identity, options.namespace),
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
        `        publish: { allow: ${list(permissions.publish.allow)} }`,
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
