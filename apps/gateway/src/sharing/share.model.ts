import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { VideoSettingsModel } from '../projects/project.model.js';

@ObjectType('Share', {
  description: "A shared project as its owner sees it (step 8, the dashboard's Shared Videos).",
})
export class ShareModel {
  @Field(() => ID) id!: string;
  @Field(() => ID) projectId!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field() shareTitle!: string;
  @Field(() => String, { nullable: true }) author!: string | null;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field() showViewCount!: boolean;
  @Field(() => Int) viewCount!: number;
  @Field(() => String, { nullable: true }) lastViewedAt!: string | null;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

@ObjectType('SharedPhoto', { description: 'A photo of a shared video: a signed URL and its look.' })
export class SharedPhotoModel {
  @Field(() => ID) id!: string;
  @Field() url!: string;
  @Field() filter!: string;
  @Field(() => Int) width!: number;
  @Field(() => Int) height!: number;
}

@ObjectType('SharedVideo', {
  description: 'What anyone with the link may see: display fields and what the player needs.',
})
export class SharedVideoModel {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field() shareTitle!: string;
  @Field(() => String, { nullable: true }) author!: string | null;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field() showViewCount!: boolean;
  @Field(() => Int, { nullable: true, description: 'Null when the owner hides the count.' })
  viewCount!: number | null;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
  @Field(() => VideoSettingsModel) videoSettings!: VideoSettingsModel;
  @Field(() => [SharedPhotoModel]) photos!: SharedPhotoModel[];
  @Field(() => String, { nullable: true, description: 'The rendered MP4 when one exists.' })
  videoUrl!: string | null;
}

@ObjectType('ShareView', { description: 'Whether this visit was counted, and the count now.' })
export class ShareViewModel {
  @Field() counted!: boolean;
  @Field(() => Int, { nullable: true, description: 'Null when the owner hides the count.' })
  viewCount!: number | null;
}

@ObjectType('DeletedShare')
export class DeletedShareModel {
  @Field(() => ID) id!: string;
}

@InputType('ShareSettingsInput', {
  description: 'Title required; author and message optional (blank means none).',
})
export class ShareSettingsInput {
  @Field() shareTitle!: string;
  @Field(() => String, { nullable: true }) author?: string | null;
  @Field(() => String, { nullable: true }) message?: string | null;
  @Field(() => Boolean, { nullable: true }) showViewCount?: boolean;
}
