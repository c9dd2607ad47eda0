import {
  type Actor,
  completeMusicUploads,
  deleteMusicTrack,
  listMusicTracks,
  listPublicMusicTracks,
  renameMusicTrack,
  requestMusicUploads,
  setMusicTrackPublic,
} from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentActor } from '../http/current-actor.js';
import {
  MusicTrackModel,
  MusicUploadFileInput,
  MusicUploadInput,
  MusicUploadResultModel,
  MusicUploadSlotModel,
  PublicMusicTrackModel,
} from './music-track.model.js';

/** The music library (render service); it checks the admin role on every admin operation itself. */
@Resolver(() => MusicTrackModel)
export class MusicResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => [PublicMusicTrackModel], { description: 'Public tracks ordered by title (step 6).' })
  async publicMusicTracks(@CurrentActor() actor: Actor): Promise<PublicMusicTrackModel[]> {
    return (await this.bus.request(listPublicMusicTracks, actor, {})).tracks;
  }

  @Query(() => [MusicTrackModel], { description: 'Every track, newest first. Admins only.' })
  async musicTracks(@CurrentActor() actor: Actor): Promise<MusicTrackModel[]> {
    return (await this.bus.request(listMusicTracks, actor, {})).tracks;
  }

  @Mutation(() => [MusicUploadSlotModel], {
    description: 'Presigned PUTs for up to 10 .mp3/.wav/.aac/.m4a files. Admins only.',
  })
  async requestMusicUploads(
    @CurrentActor() actor: Actor,
    @Args('files', { type: () => [MusicUploadFileInput] }) files: MusicUploadFileInput[],
  ): Promise<MusicUploadSlotModel[]> {
    return (await this.bus.request(requestMusicUploads, actor, { files })).slots;
  }

  @Mutation(() => [MusicUploadResultModel], {
    description:
      'Reads each uploaded file (format, duration) and adds it as a track, or refuses it. Admins only.',
  })
  async completeMusicUploads(
    @CurrentActor() actor: Actor,
    @Args('uploads', { type: () => [MusicUploadInput] }) uploads: MusicUploadInput[],
  ): Promise<MusicUploadResultModel[]> {
    // Reading a large WAV takes a moment per file; the default 5 s could cut a drop of ten short.
    const timeoutMs = 30_000 + uploads.length * 5_000;
    return (await this.bus.request(completeMusicUploads, actor, { uploads }, { timeoutMs })).results;
  }

  @Mutation(() => MusicTrackModel)
  renameMusicTrack(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
    @Args('title') title: string,
  ): Promise<MusicTrackModel> {
    return this.bus.request(renameMusicTrack, actor, { id, title });
  }

  @Mutation(() => MusicTrackModel)
  setMusicTrackPublic(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
    @Args('isPublic') isPublic: boolean,
  ): Promise<MusicTrackModel> {
    return this.bus.request(setMusicTrackPublic, actor, { id, isPublic });
  }

  @Mutation(() => ID, { description: 'Deletes the file, then the track.' })
  async deleteMusicTrack(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<string> {
    return (await this.bus.request(deleteMusicTrack, actor, { id })).id;
  }
}
