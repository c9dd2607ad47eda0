import type { AddressInfo } from 'node:net';
import {
  type Actor,
  ActorSchema,
  GUEST,
  type Project,
  type RequestContract,
  requestEnvelopeSchema,
} from '@memoreel/contracts';
import { defaultVideoSettings } from '@memoreel/domain';
import { BusClient, InProcessBus, type Subscription } from '@memoreel/platform';
import { uniqueNamespace } from '@memoreel/testing';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { type INestApplication, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { NextFunction, Request, Response } from 'express';
import { formatGraphQLError } from '../src/graphql/format-error.js';
import { graphqlContext } from '../src/graphql/graphql-context.js';
import type { ActorRequest } from '../src/http/current-actor.js';

/** A project as the projects service answers it, owned by `owner`. */
export function sampleProject(owner: Actor, overrides: Partial<Project> = {}): Project {
  return {
    id: crypto.randomUUID(),
    userId: owner.userId!,
    name: 'Grandma Rose',
    product: 'free',
    videoSettings: defaultVideoSettings(),
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

export type Answer = (envelope: { actor: Actor; data: unknown }) => unknown;

/**
 * Resolvers under test in a GraphQL app of their own, before the gateway module registers them:
 * the actor comes from an `x-test-actor` header (the access-token guard's job in the gateway),
 * and stand-in services answer on the bus, recording what they were asked.
 */
export async function startResolverApp(resolvers: Type[]) {
  const bus = new InProcessBus({ namespace: uniqueNamespace('gql') });
  const answers = new Map<string, Answer>();
  const asked: { subject: string; actor: Actor; data: unknown }[] = [];
  const subscriptions: Subscription[] = [];

  @Module({
    imports: [
      GraphQLModule.forRoot<ApolloDriverConfig>({
        driver: ApolloDriver,
        path: '/graphql',
        autoSchemaFile: true,
        sortSchema: true,
        context: graphqlContext,
        formatError: formatGraphQLError,
        includeStacktraceInErrorResponses: false,
      }),
    ],
    providers: [{ provide: BusClient, useValue: new BusClient(bus) }, ...resolvers],
  })
  class ResolverTestModule {}

  const app: INestApplication = await NestFactory.create(ResolverTestModule, { logger: false });
  app.use((request: Request, _response: Response, next: NextFunction) => {
    const header = request.headers['x-test-actor'];
    (request as ActorRequest).actor =
      typeof header === 'string' ? ActorSchema.parse(JSON.parse(header)) : GUEST;
    next();
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;

  return {
    asked,
    /** Makes the stand-in answer `contract` (a thrown `{ code, message }` becomes an error reply). */
    async answer(contract: RequestContract, answer: Answer) {
      if (!answers.has(contract.subject)) {
        subscriptions.push(
          await bus.respond(contract.subject, 'stand-in', async (message) => {
            const envelope = requestEnvelopeSchema(contract.request).parse(message.payload);
            asked.push({ subject: contract.subject, ...envelope });
            try {
              return { ok: true, data: await answers.get(contract.subject)?.(envelope) };
            } catch (error) {
              return { ok: false, error };
            }
          }),
        );
      }
      answers.set(contract.subject, answer);
    },
    async graphql(query: string, variables: Record<string, unknown> = {}, actor?: Actor) {
      const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(actor ? { 'x-test-actor': JSON.stringify(actor) } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as {
        data?: Record<string, unknown> | null;
        errors?: { message: string; extensions: { code: string } }[];
      };
    },
    async close() {
      await app.close();
      for (const subscription of subscriptions) await subscription.stop();
      await bus.close();
    },
  };
}
