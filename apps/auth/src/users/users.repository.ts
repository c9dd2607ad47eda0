import { randomUUID } from 'node:crypto';
import type { Factor, User } from '@memoreel/contracts';
import { Injectable } from '@nestjs/common';
import type { AuthDb } from '../database/auth-database.js';
import type { MfaFactor, Prisma } from '../generated/prisma/client.js';

const withIdentitiesAndRoles = {
  identities: { orderBy: { createdAt: 'asc' } },
  roles: true,
  factors: { orderBy: { createdAt: 'asc' } },
} as const satisfies Prisma.UserInclude;

/** A user row with what the `User` contract shows of it. */
export type UserRecord = Prisma.UserGetPayload<{ include: typeof withIdentitiesAndRoles }>;

export const EMAIL_PROVIDER = 'email';
export const ADMIN_ROLE = 'admin';

const userMetadataOf = (json: Prisma.JsonValue): User['userMetadata'] => {
  const value = typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {};
  return {
    ...(typeof value.fullName === 'string' ? { fullName: value.fullName } : {}),
    ...(typeof value.avatarUrl === 'string' ? { avatarUrl: value.avatarUrl } : {}),
  };
};

/** The `User` of the contracts. `appMetadata` is derived from the identities rather than stored beside them. */
export function toUser(record: UserRecord): User {
  const providers = [...new Set(record.identities.map((identity) => identity.provider))];
  const provider = record.isAnonymous ? 'anonymous' : (providers[0] ?? EMAIL_PROVIDER);
  return {
    id: record.id,
    email: record.email,
    newEmail: record.newEmail,
    emailConfirmedAt: record.emailConfirmedAt?.toISOString() ?? null,
    isAnonymous: record.isAnonymous,
    appMetadata: { provider, providers: providers.length > 0 ? providers : [provider] },
    userMetadata: userMetadataOf(record.userMetadata),
    identities: record.identities.map((identity) => ({
      id: identity.id,
      provider: identity.provider,
      email: identity.email,
      createdAt: identity.createdAt.toISOString(),
    })),
    factors: record.factors.map(toFactor),
    roles: record.roles.map((role) => role.role).sort(),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** A factor as the contracts show it: never its secret. */
export function toFactor(factor: MfaFactor): Factor {
  return {
    id: factor.id,
    factorType: factor.factorType === 'phone' ? 'phone' : 'totp',
    status: factor.status === 'verified' ? 'verified' : 'unverified',
    friendlyName: factor.friendlyName,
  };
}

/** Whether the user must pass a second factor to reach aal2. */
export function hasVerifiedFactor(record: UserRecord): boolean {
  return record.factors.some((factor) => factor.status === 'verified');
}

export interface NewUser {
  email: string | null;
  encryptedPassword: string | null;
  isAnonymous: boolean;
  emailConfirmedAt: Date | null;
  userMetadata: User['userMetadata'];
}

/** A way to sign in; the `email` identity's subject is the user id (GoTrue's shape). */
export interface NewIdentity {
  provider: string;
  providerSubject?: string;
  email: string | null;
  data?: Prisma.InputJsonObject;
}

@Injectable()
export class UsersRepository {
  async findById(db: AuthDb, id: string): Promise<UserRecord | null> {
    return db.user.findUnique({ where: { id }, include: withIdentitiesAndRoles });
  }

  async findByEmail(db: AuthDb, email: string): Promise<UserRecord | null> {
    return db.user.findUnique({ where: { email }, include: withIdentitiesAndRoles });
  }

  async create(db: AuthDb, user: NewUser, identity: NewIdentity | null): Promise<UserRecord> {
    const id = randomUUID();
    return db.user.create({
      data: {
        id,
        ...user,
        identities: identity
          ? {
              create: {
                id: randomUUID(),
                provider: identity.provider,
                providerSubject: identity.providerSubject ?? id,
                email: identity.email,
                data: identity.data ?? {},
              },
            }
          : undefined,
      },
      include: withIdentitiesAndRoles,
    });
  }

  async findIdentity(db: AuthDb, provider: string, providerSubject: string) {
    return db.identity.findUnique({ where: { provider_providerSubject: { provider, providerSubject } } });
  }

  /** Adds an identity to a user, or refreshes its e-mail and claims if the user has it already. */
  async saveIdentity(
    db: AuthDb,
    userId: string,
    identity: NewIdentity & { providerSubject: string },
  ): Promise<void> {
    const { provider, providerSubject, email } = identity;
    const data = identity.data ?? {};
    await db.identity.upsert({
      where: { provider_providerSubject: { provider, providerSubject } },
      create: { id: randomUUID(), userId, provider, providerSubject, email, data },
      update: { email, data },
    });
  }

  async update(
    db: AuthDb,
    id: string,
    changes: Partial<Pick<UserRecord, 'encryptedPassword' | 'newEmail' | 'isAnonymous'>> & {
      userMetadata?: User['userMetadata'];
    },
  ): Promise<UserRecord> {
    return db.user.update({ where: { id }, data: changes, include: withIdentitiesAndRoles });
  }

  /** Makes `email` the user's confirmed address: clears a pending change, ends guest status, points the `email` identity at it. */
  async confirmEmail(db: AuthDb, id: string, email: string, confirmedAt: Date): Promise<UserRecord> {
    await db.identity.upsert({
      where: { provider_providerSubject: { provider: EMAIL_PROVIDER, providerSubject: id } },
      create: { id: randomUUID(), userId: id, provider: EMAIL_PROVIDER, providerSubject: id, email },
      update: { email },
    });
    return db.user.update({
      where: { id },
      data: { email, newEmail: null, emailConfirmedAt: confirmedAt, isAnonymous: false },
      include: withIdentitiesAndRoles,
    });
  }

  async grantRole(db: AuthDb, userId: string, role: string, grantedBy: string | null = null): Promise<void> {
    await db.userRole.createMany({ data: [{ userId, role, grantedBy }], skipDuplicates: true });
  }

  async revokeRole(db: AuthDb, userId: string, role: string): Promise<void> {
    await db.userRole.deleteMany({ where: { userId, role } });
  }
}
