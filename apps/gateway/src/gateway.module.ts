import { BusClient } from '@memoreel/platform';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { GATEWAY_CONTEXT, type GatewayContext } from './gateway.context.js';
import { formatGraphQLError } from './graphql/format-error.js';
import { ProbeResolver } from './probe/probe.resolver.js';

@Module({})
export class GatewayModule {
  static register(gateway: GatewayContext): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        GraphQLModule.forRoot<ApolloDriverConfig>({
          driver: ApolloDriver,
          path: '/graphql',
          autoSchemaFile: true,
          sortSchema: true,
          subscriptions: { 'graphql-ws': true },
          context: ({ req }: { req?: unknown }) => ({ req }),
          formatError: formatGraphQLError,
          includeStacktraceInErrorResponses: false,
        }),
      ],
      providers: [
        { provide: GATEWAY_CONTEXT, useValue: gateway },
        { provide: BusClient, useFactory: () => new BusClient(gateway.bus) },
        ProbeResolver,
      ],
    };
  }
}
