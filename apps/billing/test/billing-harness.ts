import {
  type Actor,
  type EventEnvelope,
  getProject,
  type Project,
  purchaseCompleted,
  receivePaymentWebhook,
  requestEnvelopeSchema,
} from '@memoreel/contracts';
import { defaultVideoSettings, type Tier } from '@memoreel/domain';
import * as platform from '@memoreel/platform';
import { actors, type ServiceHarness, startServiceHarness } from '@memoreel/testing';
import type { z } from 'zod';
import { billingService } from '../src/billing.service-definition.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { type FakeStripe, startFakeStripe, stripeSignature } from './stripe-fakes.js';

/**
 * The billing service on a fresh database and an in-process bus, called through `BusClient` as
 * the gateway calls it. The projects service is stood in for by a responder on its subject that
 * applies the same rule (owner or admin reads), so tests see what billing forwards and passes back.
 */
export interface BillingHarness extends ServiceHarness<platform.Bus, InstanceType<typeof PrismaClient>> {
  /** Puts a project into the stand-in projects service. */
  project(owner: Actor, product?: Tier): Project;
  /** The actors projects.project.get was asked with, newest last. */
  projectReads: Actor[];
  purchaseEvents(): Promise<EventEnvelope<z.output<typeof purchaseCompleted.data>>[]>;
}

export async function startBilling(env: Record<string, string> = {}): Promise<BillingHarness> {
  const projects = new Map<string, Project>();
  const projectReads: Actor[] = [];
  const harness = await startServiceHarness(platform, billingService, {
    env: { billing: env },
    database: (url) =>
      new PrismaClient({ adapter: platform.postgresAdapter({ databaseUrl: url, schema: 'billing' }) }),
    standIns: async (bus) => [
      await bus.respond(getProject.subject, 'projects', async (message) => {
        const { actor, data } = requestEnvelopeSchema(getProject.request).parse(message.payload);
        projectReads.push(actor);
        const project = projects.get(data.id);
        // Another's project is answered as a missing one (the access rule).
        if (!project || (project.userId !== actor.userId && actor.role !== 'admin')) {
          return { ok: false, error: { code: 'NOT_FOUND', message: 'Project not found' } };
        }
        return { ok: true, data: project };
      }),
    ],
  });
  return {
    ...harness,
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
    purchaseEvents: () => harness.events(purchaseCompleted),
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
