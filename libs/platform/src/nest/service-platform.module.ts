import { type DynamicModule, Global, Module } from '@nestjs/common';
import { BusClient } from '../bus/bus-client.js';
import { BUS, LOGGER, SERVICE_CONTEXT, type ServiceContext } from './service-context.js';

/** Gives every provider of a service its context, the bus, a typed bus client and the logger. */
@Global()
@Module({})
export class ServicePlatformModule {
  static forService(context: ServiceContext): DynamicModule {
    return {
      module: ServicePlatformModule,
      providers: [
        { provide: SERVICE_CONTEXT, useValue: context },
        { provide: BUS, useValue: context.bus },
        { provide: LOGGER, useValue: context.logger },
        // Its requests go as the service itself: the callee's claim policy decides what it may send.
        { provide: BusClient, useFactory: () => new BusClient(context.bus, { sender: context.name }) },
      ],
      exports: [SERVICE_CONTEXT, BUS, LOGGER, BusClient],
    };
  }
}
