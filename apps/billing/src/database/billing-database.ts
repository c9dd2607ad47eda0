import { serviceDatabase } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/** The billing service's Prisma client, bound to the `billing` schema. */
@Injectable()
export class BillingDatabase extends serviceDatabase(PrismaClient) {}

export type BillingTransaction = Parameters<Parameters<BillingDatabase['$transaction']>[0]>[0];
