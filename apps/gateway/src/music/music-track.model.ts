import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import {
  UPLOAD_SLOT_DESCRIPTION,
  UploadFileFields,
  UploadOutcomeFields,
  UploadSlotFields,
} from '../uploads/upload.model.js';

@ObjectType('PublicMusicTrack', {
  description: 'A track every user may pick in step 6, with a signed URL to play it.',
})
export class PublicMusicTrackModel {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) artist!: string | null;
  @Field(() => Float, { description: 'Seconds, read from the file.' }) duration!: number;
  @Field({ description: 'Signed for an hour.' }) url!: string;
  @Field(() => Float, {
    nullable: true,
    description: 'Beats per minute; null while not analysed or when the track keeps no steady time.',
  })
  tempo!: number | null;
  @Field(() => [Float], {
    nullable: true,
    description: 'Beat times in seconds of the file; null while not analysed, empty without a steady beat.',
  })
  beats!: number[] | null;
}

@ObjectType('MusicTrack', { description: 'A track as the admin music manager sees it.' })
export class MusicTrackModel extends PublicMusicTrackModel {
  @Field() isPublic!: boolean;
  @Field({ description: 'What the file is, read from its content: MPEG, WAVE, ADTS or M4A.' })
  format!: string;
  @Field(() => Int) sizeBytes!: number;
  @Field() createdAt!: string;
}

@InputType('MusicUploadFileInput')
export class MusicUploadFileInput extends UploadFileFields {}

@ObjectType('MusicUploadSlot', { description: UPLOAD_SLOT_DESCRIPTION })
export class MusicUploadSlotModel extends UploadSlotFields {}

@InputType('MusicUploadInput', {
  description: 'An upload to complete and the file name it came from (the title).',
})
export class MusicUploadInput {
  @Field(() => ID) uploadId!: string;
  @Field() name!: string;
}

@ObjectType('MusicUploadResult', { description: 'error: why the file was refused (and deleted).' })
export class MusicUploadResultModel extends UploadOutcomeFields {
  @Field(() => MusicTrackModel, { nullable: true }) track!: MusicTrackModel | null;
}
