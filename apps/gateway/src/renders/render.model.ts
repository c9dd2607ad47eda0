import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A render of a project as the download step reads it (spec §3 "Render status").' })
export class RenderProgressModel {
  @Field(() => ID) renderId!: string;
  @Field(() => ID) projectId!: string;
  @Field({ description: 'pending, queued, preparing, rendering, encoding, completed or failed.' })
  status!: string;
  @Field(() => Float, { description: '0–1.' }) progress!: number;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      'Signed (1 h), saved as "{project name}-{timestamp}.mp4"; only when completed (never in pushes).',
  })
  downloadUrl!: string | null;
  @Field(() => Float, { nullable: true, description: 'Seconds; null until the first chunk tells the pace.' })
  estimatedTimeRemaining!: number | null;
  @Field() createdAt!: string;
  @Field(() => Int, { description: "The video's width in pixels: 1920 (16:9) or 1080 (1:1, 9:16)." })
  width!: number;
  @Field(() => Int, { description: "The video's height in pixels: 1080 (16:9, 1:1) or 1920 (9:16)." })
  height!: number;
}

@ObjectType()
export class StartRenderResultModel {
  @Field(() => ID) renderId!: string;
  @Field({ description: 'True when the project had not changed since this (completed or running) render.' })
  reused!: boolean;
  @Field(() => RenderProgressModel) initialProgress!: RenderProgressModel;
}
