import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PendingPhotoCount')
export class PendingPhotoCountModel {
  @Field(() => ID) projectId!: string;
  @Field() projectName!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('PendingPhotoSummary', {
  description: "The header bell: the user's pending friend photos by project.",
})
export class PendingPhotoSummaryModel {
  @Field(() => Int) total!: number;
  @Field(() => [PendingPhotoCountModel]) projects!: PendingPhotoCountModel[];
}

@ObjectType('PendingPhotosChange', {
  description: "The user's pending photos changed in this project; total is the user's new count.",
})
export class PendingPhotosChangeModel {
  @Field(() => ID) projectId!: string;
  @Field(() => Int) total!: number;
}
