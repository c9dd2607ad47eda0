import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('TimelineTrack', {
  description: 'A music track placed on the video timeline; field names mirror video_settings.',
})
export class TimelineTrackModel {
  @Field() id!: string;
  @Field() storage_path!: string;
  @Field(() => Float, { description: 'Seconds from the start of the video.' }) startTime!: number;
  @Field(() => Float, { description: 'Seconds it plays, after trimming.' }) duration!: number;
  @Field({ description: 'Unique per placement.' }) instanceId!: string;
  @Field(() => String, { nullable: true }) title?: string | undefined;
  @Field(() => String, { nullable: true }) artist?: string | undefined;
  @Field(() => Boolean, { nullable: true }) isTrimmed?: boolean | undefined;
  @Field(() => Float, { nullable: true }) originalDuration?: number | undefined;
}

@ObjectType('VideoMusic')
export class VideoMusicModel {
  @Field({ description: 'default or custom.' }) type!: string;
  @Field() selection!: string;
  @Field(() => String, { nullable: true }) customPath!: string | null;
  @Field(() => [TimelineTrackModel]) timelineTracks!: TimelineTrackModel[];
}

@ObjectType('CardBackground', {
  description: 'Behind a card: a colour, or one of the project’s photos blurred and darkened.',
})
export class CardBackgroundModel {
  @Field({ description: 'color or photo.' }) kind!: string;
  @Field(() => String, { nullable: true, description: '#rrggbb, for a colour.' }) color?: string | null;
  @Field(() => ID, { nullable: true, description: 'The photo, for a photo.' }) photoId?: string | null;
}

@ObjectType('OpeningCard', {
  description: 'The card a video opens on: a title (a name) and a subtitle (dates).',
})
export class OpeningCardModel {
  @Field() title!: string;
  @Field() subtitle!: string;
  @Field(() => CardBackgroundModel) background!: CardBackgroundModel;
  @Field(() => Float, { description: 'Seconds on screen, 2 to 8.' }) seconds!: number;
}

@ObjectType('ClosingCard', { description: 'The card a video closes on: a short message.' })
export class ClosingCardModel {
  @Field() message!: string;
  @Field(() => CardBackgroundModel) background!: CardBackgroundModel;
  @Field(() => Float, { description: 'Seconds on screen, 2 to 8.' }) seconds!: number;
}

@ObjectType('VideoSettings', {
  description: "A project's video settings, always complete (defaults fill malformed fields).",
})
export class VideoSettingsModel {
  @Field(() => Float) durationPerPhoto!: number;
  @Field({ description: 'fade-to-black, fade (a dissolve), slide or zoom.' }) transition!: string;
  @Field({ description: "Step 5's Cut on the beat: photos change on the music's beats." })
  cutOnBeat!: boolean;
  @Field(() => VideoMusicModel) music!: VideoMusicModel;
  @Field(() => Int) width!: number;
  @Field(() => Int) height!: number;
  @Field(() => OpeningCardModel, { nullable: true }) opening!: OpeningCardModel | null;
  @Field(() => ClosingCardModel, { nullable: true }) closing!: ClosingCardModel | null;
  @Field({ description: 'The cards’ typeface: serif (Lora), sans (Inter) or script (Great Vibes).' })
  font!: string;
}

/** A project's own fields, wherever projects are listed (Manage Users too). */
@ObjectType({ isAbstract: true })
export abstract class ProjectFields {
  @Field(() => ID) id!: string;
  @Field(() => ID) userId!: string;
  @Field() name!: string;
  @Field({ description: 'The tier: free, remember, honor or cherish.' }) product!: string;
  @Field() createdAt!: string;
}

@ObjectType('Project', { description: 'A video project of the signed-in user.' })
export class ProjectModel extends ProjectFields {
  @Field(() => VideoSettingsModel) videoSettings!: VideoSettingsModel;
  @Field() updatedAt!: string;
}

@ObjectType('ProjectPhoto', { description: 'A photo on a project card.' })
export class ProjectPhotoModel {
  @Field(() => ID) id!: string;
  @Field() url!: string;
}

@ObjectType('ProjectVideo', { description: 'A rendered video of a project.' })
export class ProjectVideoModel {
  @Field(() => ID) id!: string;
  @Field() status!: string;
  @Field() createdAt!: string;
}

@ObjectType('ProjectListItem', { description: 'A project as the dashboard lists it.' })
export class ProjectListItemModel extends ProjectModel {
  @Field(() => [ProjectPhotoModel], { description: 'Up to 6 photos for the card.' })
  photos!: ProjectPhotoModel[];
  @Field(() => Int) photoCount!: number;
  @Field(() => [ProjectVideoModel]) videos!: ProjectVideoModel[];
}

@ObjectType('ProjectCount')
export class ProjectCountModel {
  @Field(() => Int) count!: number;
  @Field(() => Int, { description: 'Projects a user may own (10).' }) limit!: number;
}

@ObjectType('InitialProject')
export class InitialProjectModel {
  @Field(() => ProjectModel) project!: ProjectModel;
  @Field({ description: 'False when the user already had a project and it was returned.' }) created!: boolean;
}

@ObjectType('DeletedProject')
export class DeletedProjectModel {
  @Field(() => ID) id!: string;
}

@InputType('TimelineTrackInput')
export class TimelineTrackInput {
  @Field() id!: string;
  @Field() storage_path!: string;
  @Field(() => Float) startTime!: number;
  @Field(() => Float) duration!: number;
  @Field() instanceId!: string;
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) artist?: string;
  @Field(() => Boolean, { nullable: true }) isTrimmed?: boolean;
  @Field(() => Float, { nullable: true }) originalDuration?: number;
}

@InputType('VideoMusicInput')
export class VideoMusicInput {
  @Field(() => String, { nullable: true }) type?: string;
  @Field(() => String, { nullable: true }) selection?: string;
  @Field(() => String, { nullable: true }) customPath?: string | null;
  @Field(() => [TimelineTrackInput], { nullable: true }) timelineTracks?: TimelineTrackInput[];
}

@InputType('CardBackgroundInput')
export class CardBackgroundInput {
  @Field({ description: 'color or photo.' }) kind!: string;
  @Field(() => String, { nullable: true }) color?: string | null;
  @Field(() => ID, { nullable: true }) photoId?: string | null;
}

@InputType('OpeningCardInput')
export class OpeningCardInput {
  @Field() title!: string;
  @Field(() => String, { nullable: true }) subtitle?: string | null;
  @Field(() => CardBackgroundInput) background!: CardBackgroundInput;
  @Field(() => Float) seconds!: number;
}

@InputType('ClosingCardInput')
export class ClosingCardInput {
  @Field() message!: string;
  @Field(() => CardBackgroundInput) background!: CardBackgroundInput;
  @Field(() => Float) seconds!: number;
}

@InputType('VideoSettingsInput', {
  description:
    'The fields to change; the rest keep their stored values. Values out of range fall back to defaults.',
})
export class VideoSettingsInput {
  @Field(() => Float, { nullable: true }) durationPerPhoto?: number;
  @Field(() => String, { nullable: true }) transition?: string;
  @Field(() => Boolean, { nullable: true }) cutOnBeat?: boolean;
  @Field(() => VideoMusicInput, { nullable: true }) music?: VideoMusicInput;
  @Field(() => Int, { nullable: true }) width?: number;
  @Field(() => Int, { nullable: true }) height?: number;
  @Field(() => OpeningCardInput, { nullable: true, description: 'The opening card; null removes it.' })
  opening?: OpeningCardInput | null;
  @Field(() => ClosingCardInput, { nullable: true, description: 'The closing card; null removes it.' })
  closing?: ClosingCardInput | null;
  @Field(() => String, { nullable: true }) font?: string;
}
