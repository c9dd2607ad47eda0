import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PhotoTransform')
export class PhotoTransformModel {
  @Field(() => Float) scale!: number;
  @Field(() => Float) translateX!: number;
  @Field(() => Float) translateY!: number;
  @Field(() => Float) rotate!: number;
}

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
  @Field(() => Int) width!: number;
  @Field(() => Int) height!: number;
  @Field(() => PhotoUrlsModel, {
    nullable: true,
    description: 'null until its thumbnails are made (a bus job: 0.2–0.7 s for a 12 MP photo here)',
  })
  urls!: PhotoUrlsModel | null;
  @Field() createdAt!: string;
}

@ObjectType('PhotoQuota')
export class PhotoQuotaModel {
  @Field(() => Int) count!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) remaining!: number;
}

@InputType('PhotoUploadFileInput')
export class PhotoUploadFileInput {
  @Field() name!: string;
  @Field(() => Int) size!: number;
  @Field() contentType!: string;
}

@ObjectType('HttpHeader')
export class HttpHeaderModel {
  @Field() name!: string;
  @Field() value!: string;
}

@ObjectType('PhotoUploadSlot', {
  description: "One presigned upload: PUT the file's bytes to url with these headers, then complete it.",
})
export class PhotoUploadSlotModel {
  @Field(() => ID) uploadId!: string;
  @Field(() => Int) fileIndex!: number;
  @Field() url!: string;
  @Field(() => [HttpHeaderModel]) headers!: HttpHeaderModel[];
}

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
export class PhotoUploadResultModel {
  @Field(() => ID) uploadId!: string;
  @Field(() => PhotoModel, { nullable: true }) photo!: PhotoModel | null;
  @Field(() => String, { nullable: true }) error!: string | null;
}

@InputType('PhotoTransformInput')
export class PhotoTransformInput {
  @Field(() => Float) scale!: number;
  @Field(() => Float) translateX!: number;
  @Field(() => Float) translateY!: number;
  @Field(() => Float) rotate!: number;
}

@InputType('PhotoTransformsInput')
export class PhotoTransformsInput {
  @Field(() => PhotoTransformInput) start!: PhotoTransformInput;
  @Field(() => PhotoTransformInput) end!: PhotoTransformInput;
}
