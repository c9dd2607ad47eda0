import { BusClient } from '@memoreel/platform';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { AccessTokenVerifier } from './accounts/access-token.js';
import { AuthModule } from './accounts/auth.module.js';
import { GATEWAY_CONTEXT, type GatewayContext } from './gateway.context.js';
import { formatGraphQLError } from './graphql/format-error.js';
import { graphqlContext, liveConnectionHooks } from './graphql/graphql-context.js';
import { queryLimits } from './graphql/query-limits.js';
import { LiveSessions } from './live/live-sessions.js';
import { NewsletterResolver } from './newsletter/newsletter.resolver.js';
import { BillingResolver } from './payments/billing.resolver.js';
import { PurchasesResolver } from './payments/purchases.resolver.js';
import { ProbeResolver } from './probe/probe.resolver.js';
import { ProjectsResolver } from './projects/projects.resolver.js';
import { SharingResolver } from './sharing/sharing.resolver.js';

/** What every gateway module may inject: the host's context and the bus client. */
@Module({})
class GatewayContextModule {
  static register(gateway: GatewayContext): DynamicModule {
    return {
      module: GatewayContextModule,
      global: true,
      providers: [
        { provide: GATEWAY_CONTEXT, useValue: gateway },
        { provide: BusClient, useFactory: () => new BusClient(gateway.bus) },
      ],
      exports: [GATEWAY_CONTEXT, BusClient],
    };
  }
}

@Module({})
export class GatewayModule {
  static register(gateway: GatewayContext): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        GatewayContextModule.register(gateway),
        AuthModule,
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [AuthModule],
          inject: [AccessTokenVerifier, LiveSessions],
          useFactory: (tokens: AccessTokenVerifier, sessions: LiveSessions) => ({
            path: '/graphql',
            autoSchemaFile: true,
            sortSchema: true,
            subscriptions: { 'graphql-ws': liveConnectionHooks(tokens, sessions) },
            context: graphqlContext,
            formatError: formatGraphQLError,
            includeStacktraceInErrorResponses: false,
            introspection: gateway.introspection ?? false,
            ...queryLimits(),
          }),
        }),
      ],
      providers: [
        ProbeResolver,
        ProjectsResolver,
        BillingResolver,
        PurchasesResolver,
        NewsletterResolver,
        SharingResolver,
      ],
    };
  }
}
