import { serviceDatabase } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/** The render service's Prisma client, bound to the `render` schema. */
@Injectable()
export class RenderDatabase extends serviceDatabase(PrismaClient) {}

export type RenderTransaction = Parameters<Parameters<RenderDatabase['$transaction']>[0]>[0];
