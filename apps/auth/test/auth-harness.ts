import { randomInt, randomUUID } from 'node:crypto';
import {
  AccessTokenClaimsSchema,
  type Actor,
  type EventEnvelope,
  issueBotChallenge,
  type ReplyOf,
  type Session,
  signInAnonymously,
  signInWithPassword,
  signUp,
  verifyOtp,
} from '@memoreel/contracts';
import * as platform from '@memoreel/platform';
import {
  actors,
  createTestDatabase,
  type ServiceHarness,
  solveBotCheck,
  startServiceHarness,
  type TestDatabase,
} from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { decodeJwt } from 'jose';
import { authService } from '../src/auth.service-definition.js';
import { AuthDatabase } from '../src/database/auth-database.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { type Mailbox, startMailbox } from './mailbox.js';

/**
 * The auth service on a fresh database and an in-process bus, called through `BusClient` exactly
 * as the gateway calls it; mail goes to an SMTP sink on loopback.
 */
export interface AuthHarness
  extends Omit<ServiceHarness<platform.Bus, InstanceType<typeof PrismaClient>>, 'events'> {
  mailbox: Mailbox;
  /** A solved ALTCHA challenge, as the widget would post it. */
  solvedBotCheck(): Promise<string>;
  /** Events recorded in the outbox, newest last. */
  events(type: string): Promise<EventEnvelope[]>;
  /** A confirmed account with a session: sign-up, then the code from the confirmation mail. */
  signedUpUser(email?: string, password?: string): Promise<SignedUpUser>;
  /** An anonymous sign-in, bot check solved, from a client no other test uses. */
  guestSession(): Promise<Session>;
  /** An unconfirmed sign-up, bot check solved, from a client no other test uses; its mail waits in `mailbox`. */
  signUp(email: string, password?: string): Promise<ReplyOf<typeof signUp>>;
  /** A password sign-in from a client no other test uses. */
  signIn(email: string, password?: string): Promise<Session>;
  /** The refusal of a password sign-in that must fail, from a client no other test uses. */
  refusedSignIn(email: string, password?: string): ReturnType<AuthHarness['failure']>;
  /** A rate limit spent to its end, as if its callers had used it up. */
  emptyBucket(key: string): Promise<void>;
  /** Forgets the one-mail-a-minute limit of an address, so that a test may mail it again at once. */
  forgetMailQuota(email: string): Promise<void>;
}

export interface SignedUpUser {
  email: string;
  password: string;
  session: Session;
  actor: Actor;
}

export async function startAuth(env: Record<string, string> = {}): Promise<AuthHarness> {
  const mailbox = await startMailbox();
  const harness = await startServiceHarness(platform, authService, {
    // A small proof of work keeps the suite fast; production's default is 50,000.
    env: {
      auth: { SMTP_URL: mailbox.url, ALTCHA_MAX_NUMBER: '1000', PUBLIC_URL: 'http://app.test', ...env },
    },
    database: (url) =>
      new PrismaClient({ adapter: platform.postgresAdapter({ databaseUrl: url, schema: 'auth' }) }),
  }).catch(async (error: unknown) => {
    await mailbox.close();
    throw error;
  });
  const { db } = harness;

  const auth: AuthHarness = {
    ...harness,
    mailbox,
    async solvedBotCheck() {
      const reply = await harness.request(issueBotChallenge, GUEST_ACTOR, {});
      if (reply.provider !== 'altcha') throw new Error('expected an ALTCHA challenge');
      return solveBotCheck(reply.challenge);
    },
    async events(type) {
      const rows = await db.outboxEvent.findMany({ where: { type }, orderBy: { occurredAt: 'asc' } });
      return rows.map((row) => row.payload as unknown as EventEnvelope);
    },
    async signedUpUser(email = anEmail(), password = STRONG_PASSWORD) {
      const client = aClient();
      await auth.request(signUp, GUEST_ACTOR, {
        botCheck: await auth.solvedBotCheck(),
        client,
        email,
        password,
      });
      const mail = await mailbox.next(email);
      const { session } = await auth.request(verifyOtp, GUEST_ACTOR, {
        client,
        type: 'signup',
        email,
        token: mail.code,
      });
      return { email, password, session, actor: actorOf(session) };
    },
    async guestSession() {
      return auth.request(signInAnonymously, GUEST_ACTOR, {
        client: aClient(),
        botCheck: await auth.solvedBotCheck(),
      });
    },
    async signUp(email, password = STRONG_PASSWORD) {
      return auth.request(signUp, GUEST_ACTOR, {
        botCheck: await auth.solvedBotCheck(),
        client: aClient(),
        email,
        password,
      });
    },
    signIn(email, password = STRONG_PASSWORD) {
      return auth.request(signInWithPassword, GUEST_ACTOR, { client: aClient(), email, password });
    },
    refusedSignIn(email, password = STRONG_PASSWORD) {
      return auth.failure(signInWithPassword, GUEST_ACTOR, { client: aClient(), email, password });
    },
    async emptyBucket(key) {
      const spent = { tokens: 0, updatedAt: new Date() };
      await db.rateLimitBucket.upsert({ where: { key }, create: { key, ...spent }, update: spent });
    },
    async forgetMailQuota(email) {
      await db.rateLimitBucket.deleteMany({ where: { key: `emailPerAddress:${email}` } });
    },
    async close() {
      await harness.close();
      await mailbox.close();
    },
  };
  return auth;
}

/**
 * Auth for the spec file (or `describe`) that calls it: started before its tests, closed after
 * them. The returned harness may be used inside tests and hooks that run after the start.
 * `env` may be a function when it depends on something an earlier `beforeAll` starts.
 */
export function useAuth(env: Record<string, string> | (() => Record<string, string>) = {}): AuthHarness {
  return startedForTests('auth', () => startAuth(typeof env === 'function' ? env() : env));
}

/** Auth's Prisma client on a database of its own, dropped when it closes. */
class AuthDatabaseForTests extends AuthDatabase {
  constructor(private readonly testDatabase: TestDatabase) {
    super({
      name: 'auth',
      databaseUrl: testDatabase.url,
      bus: new platform.InProcessBus(),
      logger: platform.createLogger({ service: 'test', level: 'silent' }),
      env: {},
    });
  }

  async close() {
    await this.$disconnect();
    await this.testDatabase.drop();
  }
}

/**
 * Auth's database alone, migrated, for the spec file that tests one class below the service:
 * opened before its tests, dropped after them, usable inside tests and later hooks.
 */
export function useAuthDatabase(): AuthDatabase {
  return startedForTests('auth database', async () => {
    const database = await createTestDatabase({ services: ['auth'], migrate: platform.migrateSchema });
    return new AuthDatabaseForTests(database);
  });
}

export const GUEST_ACTOR: Actor = actors.guest();

/** The actor the gateway derives from a session's access token. */
export function actorOf(session: Session): Actor {
  const claims = AccessTokenClaimsSchema.parse(decodeJwt(session.accessToken));
  return { userId: claims.sub, role: claims.role, isAnonymous: claims.is_anonymous, sessionId: claims.sid };
}

/** A client address no other test uses, so rate limits of one test do not touch another. */
export function aClient(): { ip: string; userAgent: string } {
  return { ip: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`, userAgent: 'vitest' };
}

export function anEmail(): string {
  return `person-${randomUUID().slice(0, 8)}@example.com`;
}

export const STRONG_PASSWORD = 'Correct-Horse-9';
