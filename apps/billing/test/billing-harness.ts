import {
  type Actor,
  type EventEnvelope,
  eventEnvelopeSchema,
  getProject,
  type Project,
  purchaseCompleted,
  type RequestContract,
  receivePaymentWebhook,
  requestEnvelopeSchema,
} from '@memoreel/contracts';
import { defaultVideoSettings, type Tier } from '@memoreel/domain';
import {
  type Bus,
  BusClient,
  createLogger,
  InProcessBus,
  migrateSchema,
  postgresAdapter,
  RemoteError,
  type RunningService,
  type Subscription,
  startService,
} from '@memoreel/platform';
import { actors, createTestDatabase, type TestDatabase, uniqueNamespace } from '@memoreel/testing';
import { expect } from 'vitest';
import type { z } from 'zod';
import { billingService } from '../src/billing.service-definition.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { type FakeStripe, startFakeStripe, stripeSignature } from './stripe-fakes.js';

/**
 * The billing service on a fresh database and an in-process bus, called through `BusClient` as
 * the gateway calls it. The projects service is stood in for by a responder on its subject that
 * applies the same rule (owner or admin reads), so tests see what billing forwards and passes back.
 */
export interface BillingHarness {
  bus: Bus;
  request<C extends RequestContract>(
    contract: C,
    actor: Actor,
    data: z.input<C['request']>,
  ): Promise<z.output<C['reply']>>;
  failure<C extends RequestContract>(
    contract: C,
    actor: Actor,
    data: z.input<C['request']>,
  ): Promise<RemoteError>;
  db: InstanceType<typeof PrismaClient>;
  /** Puts a project into the stand-in projects service. */
  project(owner: Actor, product?: Tier): Project;
  /** The actors projects.project.get was asked with, newest last. */
  projectReads: Actor[];
  purchaseEvents(): Promise<EventEnvelope<z.output<typeof purchaseCompleted.data>>[]>;
  close(): Promise<void>;
}

export async function startBilling(env: Record<string, string> = {}): Promise<BillingHarness> {
  const database: TestDatabase = await createTestDatabase({ services: ['billing'], migrate: migrateSchema });
  const bus = new InProcessBus({ namespace: uniqueNamespace('billing') });
  const logger = createLogger({ service: 'billing-test', level: 'silent' });
  const db = new PrismaClient({ adapter: postgresAdapter({ databaseUrl: database.url, schema: 'billing' }) });
  const projects = new Map<string, Project>();
  const projectReads: Actor[] = [];
  let service: RunningService | undefined;
  let standIn: Subscription | undefined;
  try {
    standIn = await bus.respond(getProject.subject, 'projects', async (message) => {
      const { actor, data } = requestEnvelopeSchema(getProject.request).parse(message.payload);
      projectReads.push(actor);
      const project = projects.get(data.id);
      if (!project) return { ok: false, error: { code: 'NOT_FOUND', message: 'Project not found' } };
      if (project.userId !== actor.userId && actor.role !== 'admin') {
        return { ok: false, error: { code: 'FORBIDDEN', message: 'Unauthorized access' } };
      }
      return { ok: true, data: project };
    });
    service = await startService(billingService, {
      name: 'billing',
      bus,
      databaseUrl: database.url,
      logger,
      env,
    });
  } catch (error) {
    await standIn?.stop();
    await db.$disconnect();
    await database.drop();
    throw error;
  }
  const client = new BusClient(bus);

  return {
    bus,
    request: (contract, actor, data) => client.request(contract, actor, data),
    async failure(contract, actor, data) {
      const error = await client.request(contract, actor, data).then(
        (reply) => new Error(`expected ${contract.subject} to fail, got ${JSON.stringify(reply)}`),
        (error: unknown) => error,
      );
      expect(error).toBeInstanceOf(RemoteError);
      return error as RemoteError;
    },
    db,
    project(owner, product = 'free') {
      const now = new Date().toISOString();
      const project: Project = {
        id: crypto.randomUUID(),
        userId: owner.userId!,
        name: 'A project',
        product,
        videoSettings: defaultVideoSettings(),
        createdAt: now,
        updatedAt: now,
      };
      projects.set(project.id, project);
      return project;
    },
    projectReads,
    async purchaseEvents() {
      const rows = await db.outboxEvent.findMany({
        where: { type: purchaseCompleted.subject },
        orderBy: { occurredAt: 'asc' },
      });
      const schema = eventEnvelopeSchema(purchaseCompleted.subject, purchaseCompleted.data);
      return rows.map((row) => schema.parse(row.payload));
    },
    async close() {
      await service?.close();
      await standIn?.stop();
      await bus.close();
      await db.$disconnect();
      await database.drop();
    },
  };
}

export interface BillingWithStripe {
  billing: BillingHarness;
  stripe: FakeStripe;
  /** Delivers a webhook as the gateway relays it (Stripe is not a user: a guest), signed with the endpoint secret. */
  deliver(payload: string): Promise<{ received: true }>;
  close(): Promise<void>;
}

/** Billing with purchasing on: checkouts go to a fake Stripe on loopback, webhooks are checked against `webhookSecret`. */
export async function startBillingWithStripe(
  webhookSecret: string,
  env: Record<string, string> = {},
): Promise<BillingWithStripe> {
  const stripe = await startFakeStripe();
  const billing = await startBilling({
    PURCHASES_ENABLED: 'true',
    STRIPE_SECRET_KEY: 'sk_test_billing',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
    ...env,
  }).catch(async (error: unknown) => {
    await stripe.close();
    throw error;
  });
  return {
    billing,
    stripe,
    deliver: (payload) =>
      billing.request(receivePaymentWebhook, actors.guest(), {
        payload,
        signature: stripeSignature(payload, webhookSecret),
      }),
    async close() {
      await billing.close();
      await stripe.close();
    },
  };
}
