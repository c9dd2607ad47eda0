import type { PublicSharedVideo } from '@memoreel/contracts';
import { parseTransforms } from '@memoreel/domain';
import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { PhotoBoxModel, PhotoCaptionModel, PhotoTransformsModel } from '../photos/photo.model.js';
import { VideoSettingsModel } from '../project/project.model.js';

/** What the owner and anyone with the link both see of a share. */
@ObjectType({ isAbstract: true })
abstract class ShareDisplayFields {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field() shareTitle!: string;
  @Field(() => String, { nullable: true }) author!: string | null;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field() showViewCount!: boolean;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

@ObjectType('Share', {
  description: "A shared project as its owner sees it (step 8, the dashboard's Shared Videos).",
})
export class ShareModel extends ShareDisplayFields {
  @Field(() => ID) projectId!: string;
  @Field(() => Int) viewCount!: number;
  @Field(() => String, { nullable: true }) lastViewedAt!: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The link preview image made from the share's first photo; createShare answers null when it could not be made.",
  })
  ogImageUrl!: string | null;
}

@ObjectType('SharedPhoto', {
  description:
    'A photo of a shared video: a signed URL (3600 s) of its filtered 1920-px derivative, else its carousel size, and its look.',
})
export class SharedPhotoModel {
  @Field(() => ID) id!: string;
  @Field() url!: string;
  @Field() filter!: string;
  @Field(() => PhotoTransformsModel) transforms!: PhotoTransformsModel;
  @Field(() => PhotoCaptionModel, { nullable: true }) caption!: PhotoCaptionModel | null;
  @Field(() => Int) width!: number;
  @Field(() => Int) height!: number;
  @Field(() => [PhotoBoxModel], {
    description: "Its faces: a 1:1 or 9:16 video's framing keeps them in.",
  })
  faces!: PhotoBoxModel[];
}

@ObjectType('SharedMusicUrl')
export class SharedMusicUrlModel {
  @Field() id!: string;
  @Field() url!: string;
  @Field(() => [Float], { nullable: true, description: 'Beat times in seconds of the file, when found.' })
  beats!: number[] | null;
}

@ObjectType('SharedVideo', {
  description: 'What anyone with the link may see: display fields and what the player needs.',
})
export class SharedVideoModel extends ShareDisplayFields {
  @Field(() => Int, { nullable: true, description: 'Null when the owner hides the count.' })
  viewCount!: number | null;
  @Field(() => VideoSettingsModel) videoSettings!: VideoSettingsModel;
  @Field(() => [SharedPhotoModel], { description: "The project's accepted photos, in display order." })
  photos!: SharedPhotoModel[];
  @Field(() => [SharedMusicUrlModel], {
    description:
      'A signed URL (3600 s) to play each track of videoSettings.music.timelineTracks, by track id.',
  })
  musicUrls!: SharedMusicUrlModel[];
  @Field(() => String, {
    nullable: true,
    description: "The first paint: the first photo's carousel WebP when unfiltered, else its video URL.",
  })
  posterUrl!: string | null;
  @Field(() => String, {
    nullable: true,
    description: "The first paint on a phone-wide page: the first photo's 480-px grid WebP when unfiltered.",
  })
  phonePosterUrl!: string | null;
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

/** The public read as GraphQL (and the page's embedded first data) shapes it: motion as start and end. */
export function toSharedVideoModel(video: PublicSharedVideo): SharedVideoModel {
  return {
    ...video,
    photos: video.photos.map((photo) => {
      const transforms = parseTransforms(photo.transforms);
      return { ...photo, transforms: { start: transforms['0'], end: transforms['100'] } };
    }),
  };
}
