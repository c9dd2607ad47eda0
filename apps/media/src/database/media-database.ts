import { serviceDatabase } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/** The media service's Prisma client, bound to the `media` schema. */
@Injectable()
export class MediaDatabase extends serviceDatabase(PrismaClient) {}

export type MediaTransaction = Parameters<Parameters<MediaDatabase['$transaction']>[0]>[0];
