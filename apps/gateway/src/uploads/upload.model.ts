import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';

/*
 * The fields of a presigned upload, as photos and music both take one: the client describes its
 * files, PUTs each to its slot, then completes the uploads. Each feature names its own GraphQL types.
 */

@ObjectType('HttpHeader')
export class HttpHeaderModel {
  @Field() name!: string;
  @Field() value!: string;
}

/** A file as the client describes it before sending a byte. */
@InputType({ isAbstract: true })
export abstract class UploadFileFields {
  @Field() name!: string;
  @Field(() => Int) size!: number;
  @Field() contentType!: string;
}

export const UPLOAD_SLOT_DESCRIPTION =
  "One presigned upload: PUT the file's bytes to url with these headers, then complete it.";

@ObjectType({ isAbstract: true })
export abstract class UploadSlotFields {
  @Field(() => ID) uploadId!: string;
  @Field(() => Int) fileIndex!: number;
  @Field() url!: string;
  @Field(() => [HttpHeaderModel]) headers!: HttpHeaderModel[];
}

/** What completing one upload came to: which upload, and why it was refused when it was. */
@ObjectType({ isAbstract: true })
export abstract class UploadOutcomeFields {
  @Field(() => ID) uploadId!: string;
  @Field(() => String, { nullable: true }) error!: string | null;
}
