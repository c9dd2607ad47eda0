import { serviceDatabase } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/** The auth service's Prisma client, bound to the `auth` schema. */
@Injectable()
export class AuthDatabase extends serviceDatabase(PrismaClient) {}

export type AuthTransaction = Parameters<Parameters<AuthDatabase['$transaction']>[0]>[0];
/** Reads and single writes run on either the client or a transaction. */
export type AuthDb = AuthDatabase | AuthTransaction;
