import type { Actor, ServiceOverview, serviceOverviews } from '@memoreel/contracts';
import { Controller, Inject, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SERVICE_CONTEXT, type ServiceContext } from '../nest/service-context.js';
import type { BucketStorage } from '../storage/bucket-storage.js';
import { type OverviewDatabase, serviceOverview } from './service-overview.js';

export interface AdminOverviewSources {
  /** The service's database provider (its Prisma client class). */
  database: Type<OverviewDatabase>;
  /** The service's bucket providers (`bucketStorage`), when it owns any. */
  buckets?: readonly Type<BucketStorage>[];
}

/**
 * The handler of a service's Database Admin request (/admin/data): its schema, tables, buckets and
 * consumers, for admins only. A service lists it among its controllers:
 * `adminOverviewHandler(mediaOverview, { database: MediaDatabase, buckets: [PhotoStorage] })`.
 */
export function adminOverviewHandler(
  contract: (typeof serviceOverviews)[number],
  sources: AdminOverviewSources,
): Type<unknown> {
  @Controller()
  class AdminOverviewHandler {
    constructor(
      @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext,
      @Inject(sources.database) private readonly database: OverviewDatabase,
      @Inject(ModuleRef) private readonly providers: ModuleRef,
    ) {}

    @MessagePattern(contract.subject)
    overview(@Payload() { actor }: { actor: Actor }): Promise<ServiceOverview> {
      return serviceOverview(actor, {
        service: this.context.name,
        db: this.database,
        bus: this.context.bus,
        buckets: (sources.buckets ?? []).map((bucket) => this.providers.get(bucket)),
      });
    }
  }
  return AdminOverviewHandler;
}
