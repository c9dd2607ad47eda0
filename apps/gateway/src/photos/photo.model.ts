import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import {
  UPLOAD_SLOT_DESCRIPTION,
  UploadFileFields,
  UploadOutcomeFields,
  UploadSlotFields,
} from '../uploads/upload.model.js';

/** One keyframe of a photo's motion, the same whether stored or sent. */
@ObjectType({ isAbstract: true })
@InputType({ isAbstract: true })
abstract class PhotoTransformFields {
  @Field(() => Float) scale!: number;
  @Field(() => Float) translateX!: number;
  @Field(() => Float) translateY!: number;
  @Field(() => Float) rotate!: number;
}

@ObjectType('PhotoTransform')
export class PhotoTransformModel extends PhotoTransformFields {}

@ObjectType('PhotoTransforms', {
  description: "A photo's motion: stored as transforms['0'] (start) and transforms['100'] (end).",
})
export class PhotoTransformsModel {
  @Field(() => PhotoTransformModel) start!: PhotoTransformModel;
  @Field(() => PhotoTransformModel) end!: PhotoTransformModel;
}

@ObjectType('PhotoUrls', {
  description:
    'Signed URLs (3600 s), WebP thumbnails with EXIF orientation applied; the key changes when the image does.',
})
export class PhotoUrlsModel {
  @Field() grid!: string;
  @Field() strip!: string;
  @Field() carousel!: string;
  @Field() full!: string;
  @Field(() => String, {
    nullable: true,
    description:
      "The 1920-px JPEG the video draws, the photo's filter baked in; null until the derivative of its current filter is made (a bus job after upload or a filter change).",
  })
  video!: string | null;
}

@ObjectType('PhotoBox', { description: 'A region of the photo in its own upright pixels.' })
export class PhotoBoxModel {
  @Field(() => Float) x!: number;
  @Field(() => Float) y!: number;
  @Field(() => Float) width!: number;
  @Field(() => Float) height!: number;
}

@ObjectType('PhotoSubjects', {
  description:
    "Where the photo's people are (kind faces), or its most salient region where it has no face (kind subject): what Auto motion ends on.",
})
export class PhotoSubjectsModel {
  @Field({ description: 'faces | subject' }) kind!: string;
  @Field(() => [PhotoBoxModel]) boxes!: PhotoBoxModel[];
}

@ObjectType('PhotoCaption', { description: 'Words under (or over) a photo: one or two lines.' })
export class PhotoCaptionModel {
  @Field({ description: 'At most 100 characters and two lines.' }) text!: string;
  @Field({ description: 'bottom or top' }) placement!: string;
}

@InputType('PhotoCaptionInput')
export class PhotoCaptionInput {
  @Field() text!: string;
  @Field({ description: 'bottom or top' }) placement!: string;
}

@ObjectType('Photo')
export class PhotoModel {
  @Field(() => ID) id!: string;
  @Field(() => ID) projectId!: string;
  @Field() originalName!: string;
  @Field(() => Int) displayOrder!: number;
  @Field({ description: 'accepted | pending (pending: friend uploads, issue 19)' }) status!: string;
  @Field(() => ID, { nullable: true }) submittedBy!: string | null;
  @Field({ description: 'none grayscale sepia vintage warm cool dramatic bright' }) filter!: string;
  @Field(() => PhotoTransformsModel) transforms!: PhotoTransformsModel;
  @Field(() => PhotoCaptionModel, { nullable: true }) caption!: PhotoCaptionModel | null;
  @Field(() => Int) width!: number;
  @Field(() => Int) height!: number;
  @Field(() => PhotoUrlsModel, {
    nullable: true,
    description: 'null until its thumbnails are made (a bus job: 0.2–0.7 s for a 12 MP photo here)',
  })
  urls!: PhotoUrlsModel | null;
  @Field(() => PhotoSubjectsModel, {
    nullable: true,
    description: 'null until found (a bus job after the thumbnails, and again after an applied AI edit)',
  })
  subjects!: PhotoSubjectsModel | null;
  @Field() createdAt!: string;
}

@ObjectType('PhotoQuota')
export class PhotoQuotaModel {
  @Field(() => Int) count!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) remaining!: number;
}

@InputType('PhotoUploadFileInput')
export class PhotoUploadFileInput extends UploadFileFields {}

@ObjectType('PhotoUploadSlot', { description: UPLOAD_SLOT_DESCRIPTION })
export class PhotoUploadSlotModel extends UploadSlotFields {}

@ObjectType('PhotoUploadPlan', {
  description: 'Slots for the files that fit the plan, in the order given; skipped = files beyond the quota.',
})
export class PhotoUploadPlanModel {
  @Field(() => [PhotoUploadSlotModel]) slots!: PhotoUploadSlotModel[];
  @Field(() => Int) skipped!: number;
  @Field(() => PhotoQuotaModel) quota!: PhotoQuotaModel;
}

@ObjectType('PhotoUploadResult', {
  description: 'error: the user-facing text (photoMessages) when the object was refused and deleted.',
})
export class PhotoUploadResultModel extends UploadOutcomeFields {
  @Field(() => PhotoModel, { nullable: true }) photo!: PhotoModel | null;
}

@InputType('PhotoTransformInput')
export class PhotoTransformInput extends PhotoTransformFields {}

@InputType('PhotoTransformsInput')
export class PhotoTransformsInput {
  @Field(() => PhotoTransformInput) start!: PhotoTransformInput;
  @Field(() => PhotoTransformInput) end!: PhotoTransformInput;
}
