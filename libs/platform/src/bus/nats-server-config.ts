import { inboxPrefixOf, wireLayout } from './nats-wire.js';
import { type Deployable, deployables } from './senders.js';

/** What one identity may do on the broker, in nats-server's terms. */
export interface NatsPermissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
  /** Lets a responder answer the requests it received (their `_INBOX` reply subjects) and nothing else there. */
  allow_responses: true;
}

/**
 * Deployable `identity` publishes requests only as itself, and only its own events, jobs and live
 * pushes; it hears only requests addressed to its own subjects and replies under its own inbox.
 * Contract subjects start with the service that answers or emits them (`<service>.<entity>.<verb>`).
 */
export function natsPermissions(identity: Deployable, namespace = 'memoreel'): NatsPermissions {
  const wire = wireLayout(namespace);
  return {
    publish: {
      allow: [
        `${wire.rpc}${identity}.>`,
        `${wire.events.prefix}${identity}.>`,
        `${wire.jobs.prefix}${identity}.>`,
        `${wire.live}${identity}.>`,
        // Any consumer may dead-letter: durable names are not subject tokens of their service.
        `${wire.dead.prefix}>`,
        // Stream and consumer management, pulls and acks (not confined per identity: decision 0010).
        '$JS.API.>',
        '$JS.ACK.>',
      ],
    },
    subscribe: {
      allow: [`${wire.rpc}*.${identity}.>`, `${wire.live}>`, `${inboxPrefixOf(identity)}.>`],
    },
    allow_responses: true,
  };
}

export interface NatsServerConfigOptions {
  /** Bus namespace (`BUS_NAMESPACE`). Default `memoreel`. */
  namespace?: string;
  /**
   * Each deployable's password (or its bcrypt hash). One not given is read by nats-server from the
   * environment variable `passwordVariable(name)` when it starts, so the file itself holds no secret.
   */
  passwords?: Partial<Record<Deployable, string>>;
}

/** `NATS_PASSWORD_RENDER_WORKER` for `render-worker`. */
export function passwordVariable(identity: Deployable): string {
  return `NATS_PASSWORD_${identity.toUpperCase().replaceAll('-', '_')}`;
}

/**
 * The `authorization` block of nats-server's configuration: one user per deployable with its
 * permissions, and nobody else (a connection without valid credentials is refused). Include it
 * from the server's main configuration, which sets ports and JetStream.
 */
export function natsServerConfig(options: NatsServerConfigOptions = {}): string {
  if (options.namespace !== undefined && !/^[a-z][a-z0-9_-]*$/.test(options.namespace)) {
    throw new Error(`Bus namespace "${options.namespace}" must be lower-case letters, digits, _ or -`);
  }
  const users = deployables.map((identity) => {
    const password = options.passwords?.[identity];
    const permissions = natsPermissions(identity, options.namespace);
    return [
      '    {',
      `      user: ${JSON.stringify(identity)}`,
      `      password: ${password === undefined ? `$${passwordVariable(identity)}` : JSON.stringify(password)}`,
      '      permissions: {',
      `        publish: { allow: ${list(permissions.publish.allow)} }`,
      `        subscribe: { allow: ${list(permissions.subscribe.allow)} }`,
      '        allow_responses: true',
      '      }',
      '    }',
    ].join('\n');
  });
  return [
    '# Generated from libs/platform/src/bus/senders.ts by natsServerConfig(); do not edit by hand.',
    'authorization {',
    '  users: [',
    users.join('\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}

const list = (subjects: readonly string[]) => `[${subjects.map((s) => JSON.stringify(s)).join(', ')}]`;
