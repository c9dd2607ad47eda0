import type { User } from '@memoreel/contracts';
import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('Identity', { description: 'A way the user signs in (email, google…).' })
export class IdentityModel {
  @Field(() => ID) id!: string;
  @Field() provider!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field() createdAt!: string;
}

@ObjectType('User', { description: 'The signed-in user, guest (anonymous) or account.' })
export class UserModel {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true, description: 'An address waiting for confirmation.' })
  newEmail!: string | null;
  @Field(() => String, { nullable: true }) emailConfirmedAt!: string | null;
  @Field() isAnonymous!: boolean;
  @Field(() => String, { nullable: true }) fullName!: string | null;
  @Field(() => String, { nullable: true }) avatarUrl!: string | null;
  @Field(() => [String], { description: 'Sign-in providers linked to the user.' }) providers!: string[];
  @Field(() => [IdentityModel]) identities!: IdentityModel[];
  @Field(() => [String], { description: 'Roles, e.g. admin.' }) roles!: string[];
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

export function toUserModel(user: User): UserModel {
  return {
    id: user.id,
    email: user.email,
    newEmail: user.newEmail,
    emailConfirmedAt: user.emailConfirmedAt,
    isAnonymous: user.isAnonymous,
    fullName: user.userMetadata.fullName ?? null,
    avatarUrl: user.userMetadata.avatarUrl ?? null,
    providers: user.appMetadata.providers,
    identities: user.identities.map(({ id, provider, email, createdAt }) => ({
      id,
      provider,
      email,
      createdAt,
    })),
    roles: user.roles,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}
