import { BusClient } from '@memoreel/platform';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { AccessTokenVerifier } from './accounts/access-token.js';
import { AuthModule } from './accounts/auth.module.js';
import { AdminModule } from './admin/admin.module.js';
import { FriendLinksModule } from './friend-links/friend-links.module.js';
import { DEFAULT_TRUSTED_PROXIES, GATEWAY_CONTEXT, type GatewayContext } from './gateway.context.js';
import { LIVE_LIMITS } from './gateway.limits.js';
import { formatGraphQLError } from './graphql/format-error.js';
import { graphqlContext, liveConnectionHooks } from './graphql/graphql-context.js';
import { queryLimits } from './graphql/query-limits.js';
import { ReportResolverErrors } from './graphql/report-errors.plugin.js';
import { GraphQLRequestBudget, RequestBudgets } from './graphql/request-budgets.js';
import { clientIpResolver } from './http/client.js';
import { LiveConnections } from './live/live-connections.js';
import { LiveSessions } from './live/live-sessions.js';
import { MusicResolver } from './music/music.resolver.js';
import { NewsletterResolver } from './newsletter/newsletter.resolver.js';
import { BillingResolver } from './payments/billing.resolver.js';
import { PurchasesResolver } from './payments/purchases.resolver.js';
import { PhotoEditsResolver } from './photo-edits/photo-edits.resolver.js';
import { PhotosResolver } from './photos/photos.resolver.js';
import { ProbeResolver } from './probe/probe.resolver.js';
import { ProjectsResolver } from './project/projects.resolver.js';
import { RendersResolver } from './renders/renders.resolver.js';
import { SharePreviews } from './sharing/share-previews.js';
import { SharedVideoCache, sharedVideoLookup } from './sharing/shared-video-cache.js';
import { SharingResolver } from './sharing/sharing.resolver.js';

/** What the HTTP routes outside Nest share with the resolvers (createGatewayApp makes them). */
export interface GatewayShared {
  budgets: RequestBudgets;
  sharedVideos: SharedVideoCache;
  previews?: SharePreviews;
}

/** What every gateway module may inject: the host's context, the bus client, the request budgets and the share cache. */
@Module({})
class GatewayContextModule {
  static register(gateway: GatewayContext, shared?: GatewayShared): DynamicModule {
    const bus = new BusClient(gateway.bus);
    return {
      module: GatewayContextModule,
      global: true,
      providers: [
        { provide: GATEWAY_CONTEXT, useValue: gateway },
        { provide: BusClient, useValue: bus },
        { provide: RequestBudgets, useValue: shared?.budgets ?? new RequestBudgets(gateway.requestBudgets) },
        {
          provide: SharedVideoCache,
          useValue: shared?.sharedVideos ?? new SharedVideoCache(sharedVideoLookup(bus)),
        },
        {
          provide: SharePreviews,
          inject: [SharedVideoCache],
          useFactory: (sharedVideos: SharedVideoCache) =>
            shared?.previews ?? new SharePreviews(sharedVideos, sharedVideoLookup(bus), gateway.logger),
        },
      ],
      exports: [GATEWAY_CONTEXT, BusClient, RequestBudgets, SharedVideoCache, SharePreviews],
    };
  }
}

@Module({})
export class GatewayModule implements NestModule {
  /** Every GraphQL request over HTTP is counted before Apollo parses it (graphql-ws: in its hooks). */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(GraphQLRequestBudget).forRoutes('graphql');
  }

  static register(gateway: GatewayContext, shared?: GatewayShared): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        GatewayContextModule.register(gateway, shared),
        AuthModule,
        FriendLinksModule,
        AdminModule,
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [AuthModule],
          inject: [AccessTokenVerifier, LiveSessions, RequestBudgets],
          useFactory: (tokens: AccessTokenVerifier, sessions: LiveSessions, budgets: RequestBudgets) => {
            const clientIpOf = clientIpResolver(gateway.trustProxy ?? DEFAULT_TRUSTED_PROXIES);
            const live = { ...LIVE_LIMITS, ...gateway.liveLimits };
            const connections = new LiveConnections(live);
            const anonymousSocketMs = live.anonymousSocketSeconds * 1000;
            return {
              path: '/graphql',
              autoSchemaFile: true,
              sortSchema: true,
              subscriptions: {
                'graphql-ws': liveConnectionHooks(tokens, sessions, {
                  budgets,
                  clientIpOf,
                  connections,
                  anonymousSocketMs,
                }),
              },
              context: graphqlContext,
              formatError: formatGraphQLError,
              includeStacktraceInErrorResponses: false,
              introspection: gateway.introspection ?? false,
              ...queryLimits(),
            };
          },
        }),
      ],
      providers: [
        ProbeResolver,
        ProjectsResolver,
        PhotosResolver,
        BillingResolver,
        PurchasesResolver,
        NewsletterResolver,
        SharingResolver,
        MusicResolver,
        RendersResolver,
        PhotoEditsResolver,
        ReportResolverErrors,
      ],
    };
  }
}
