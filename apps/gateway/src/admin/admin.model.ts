import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { ProjectFields } from '../project/project.model.js';

@ObjectType('AdminUserProject', { description: "A user's project as Manage Users lists it." })
export class AdminUserProjectModel extends ProjectFields {}

@ObjectType('AdminUser', { description: 'An account or guest as Manage Users lists it. Admins only.' })
export class AdminUserModel {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) fullName!: string | null;
  @Field({ description: 'A guest: a session without e-mail.' }) isAnonymous!: boolean;
  @Field(() => [String]) roles!: string[];
  @Field() createdAt!: string;
  @Field(() => String, { nullable: true }) lastSignInAt!: string | null;
  @Field(() => String, { nullable: true, description: 'Set while the user may not sign in.' })
  disabledAt!: string | null;
  @Field(() => [AdminUserProjectModel], {
    nullable: true,
    description: 'Newest first; null when the projects service did not answer.',
  })
  projects!: AdminUserProjectModel[] | null;
}

@ObjectType('AdminUserPage')
export class AdminUserPageModel {
  @Field(() => [AdminUserModel]) users!: AdminUserModel[];
  @Field(() => Int, { description: 'Users matching the search over all pages.' }) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
}

@ObjectType('AdminAuditDetail')
export class AdminAuditDetailModel {
  @Field() name!: string;
  @Field() value!: string;
}

@ObjectType('AdminAuditEntry', { description: 'Who changed what, and when.' })
export class AdminAuditEntryModel {
  @Field(() => ID) id!: string;
  @Field({ description: 'user.sign-in-disabled, user.sign-in-enabled or project.tier-changed.' })
  action!: string;
  @Field(() => ID) adminUserId!: string;
  @Field(() => String, { nullable: true }) adminEmail!: string | null;
  @Field(() => ID) targetUserId!: string;
  @Field(() => ID, { nullable: true }) targetProjectId!: string | null;
  @Field(() => [AdminAuditDetailModel]) details!: AdminAuditDetailModel[];
  @Field() createdAt!: string;
}

@ObjectType('TableStats')
export class TableStatsModel {
  @Field() name!: string;
  @Field(() => Float) rows!: number;
  @Field(() => Float) bytes!: number;
}

@ObjectType('StoragePrefixStats')
export class StoragePrefixStatsModel {
  @Field() bucket!: string;
  @Field() prefix!: string;
  @Field(() => Float) objects!: number;
  @Field(() => Float) bytes!: number;
}

@ObjectType('StreamState')
export class StreamStateModel {
  @Field() stream!: string;
  @Field(() => Float) messages!: number;
  @Field(() => Float, { nullable: true }) bytes!: number | null;
}

@ObjectType('ConsumerState')
export class ConsumerStateModel {
  @Field() stream!: string;
  @Field() durable!: string;
  @Field(() => Float) pending!: number;
  @Field(() => Float) ackPending!: number;
  @Field(() => Float) redelivered!: number;
}

@ObjectType('MigrationState')
export class MigrationStateModel {
  @Field(() => String, { nullable: true }) latest!: string | null;
  @Field(() => String, { nullable: true }) appliedAt!: string | null;
  @Field(() => Int) applied!: number;
}

@ObjectType('ServiceOverview', { description: "One service's data, as it reports it. Admins only." })
export class ServiceOverviewModel {
  @Field() service!: string;
  @Field() schema!: string;
  @Field(() => MigrationStateModel) migration!: MigrationStateModel;
  @Field(() => Float) databaseBytes!: number;
  @Field(() => [TableStatsModel]) tables!: TableStatsModel[];
  @Field(() => Float) outboxUnpublished!: number;
  @Field(() => [StoragePrefixStatsModel]) storage!: StoragePrefixStatsModel[];
  @Field() storageTruncated!: boolean;
  @Field() binding!: string;
  @Field(() => [StreamStateModel]) streams!: StreamStateModel[];
  @Field(() => [ConsumerStateModel]) consumers!: ConsumerStateModel[];
  @Field() checkedAt!: string;
}

@ObjectType('ServiceOverviewResult', { description: "A service's overview, or why it did not answer." })
export class ServiceOverviewResultModel {
  @Field() service!: string;
  @Field(() => ServiceOverviewModel, { nullable: true }) overview!: ServiceOverviewModel | null;
  @Field(() => String, { nullable: true }) error!: string | null;
}
