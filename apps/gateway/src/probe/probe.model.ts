import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A system probe stored by the projects service.' })
export class ProbeModel {
  @Field(() => ID) id!: string;
  @Field() note!: string;
  @Field() recordedAt!: string;
}

@ObjectType({ description: 'A probe consumed by the sharing service and pushed live.' })
export class ProbeCompletionModel {
  @Field(() => ID) id!: string;
  @Field() note!: string;
  @Field() recordedAt!: string;
  @Field() consumedAt!: string;
  @Field(() => Int) deliveries!: number;
}
