import { serviceDatabase } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/** The projects service's Prisma client, bound to the `projects` schema. */
@Injectable()
export class ProjectsDatabase extends serviceDatabase(PrismaClient) {}

export type ProjectsTransaction = Parameters<Parameters<ProjectsDatabase['$transaction']>[0]>[0];
