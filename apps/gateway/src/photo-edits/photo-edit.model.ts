import { Field, Float, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

/** The GraphQL names of the bus's kinds and statuses (libs/domain photo-edits). */
export enum PhotoEditKind {
  REMOVE_BACKGROUND = 'remove-background',
  ENHANCE = 'enhance',
}
export enum PhotoEditStatus {
  QUEUED = 'queued',
  WORKING = 'working',
  READY = 'ready',
  FAILED = 'failed',
  APPLIED = 'applied',
  DISCARDED = 'discarded',
}
registerEnumType(PhotoEditKind, { name: 'PhotoEditKind' });
registerEnumType(PhotoEditStatus, { name: 'PhotoEditStatus' });

@ObjectType('PhotoEdit', {
  description: 'An AI edit of a photo (step 3: Background Removal, AI Photo Enhancement), run as a job.',
})
export class PhotoEditModel {
  @Field(() => ID) id!: string;
  @Field(() => ID) photoId!: string;
  @Field(() => ID) projectId!: string;
  @Field(() => PhotoEditKind) kind!: PhotoEditKind;
  @Field(() => PhotoEditStatus) status!: PhotoEditStatus;
  @Field(() => Float, { description: '0–1.' }) progress!: number;
  @Field(() => String, {
    nullable: true,
    description: 'When a worker took it (ISO 8601); null while queued.',
  })
  startedAt!: string | null;
  @Field(() => String, { nullable: true, description: 'Signed (1 h) URL of the result PNG, when READY.' })
  resultUrl!: string | null;
  @Field(() => Int, { nullable: true }) resultWidth!: number | null;
  @Field(() => Int, { nullable: true }) resultHeight!: number | null;
  @Field(() => String, { nullable: true, description: "The spec's error string, when FAILED." })
  error!: string | null;
}
