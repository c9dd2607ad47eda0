import { serviceDatabase } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/** The sharing service's Prisma client, bound to the `sharing` schema. */
@Injectable()
export class SharingDatabase extends serviceDatabase(PrismaClient) {}

export type SharingTransaction = Parameters<Parameters<SharingDatabase['$transaction']>[0]>[0];
