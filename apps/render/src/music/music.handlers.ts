import {
  completeMusicUploads,
  deleteMusicTrack,
  listMusicTracks,
  listPublicMusicTracks,
  type MusicTrack,
  type ReplyOf,
  type RequestEnvelopeOf,
  renameMusicTrack,
  requestMusicUploads,
  setMusicTrackPublic,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MusicService } from './music.service.js';

@Controller()
export class MusicHandlers {
  constructor(private readonly music: MusicService) {}

  @MessagePattern(listPublicMusicTracks.subject)
  async listPublic(
    @Payload() { actor }: RequestEnvelopeOf<typeof listPublicMusicTracks>,
  ): Promise<ReplyOf<typeof listPublicMusicTracks>> {
    return { tracks: await this.music.listPublic(actor) };
  }

  @MessagePattern(listMusicTracks.subject)
  async list(
    @Payload() { actor }: RequestEnvelopeOf<typeof listMusicTracks>,
  ): Promise<ReplyOf<typeof listMusicTracks>> {
    return { tracks: await this.music.listAll(actor) };
  }

  @MessagePattern(requestMusicUploads.subject)
  async requestUploads(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof requestMusicUploads>,
  ): Promise<ReplyOf<typeof requestMusicUploads>> {
    return { slots: await this.music.requestUploads(actor, data.files) };
  }

  @MessagePattern(completeMusicUploads.subject)
  async completeUploads(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof completeMusicUploads>,
  ): Promise<ReplyOf<typeof completeMusicUploads>> {
    return { results: await this.music.completeUploads(actor, data.uploads) };
  }

  @MessagePattern(renameMusicTrack.subject)
  rename(@Payload() { actor, data }: RequestEnvelopeOf<typeof renameMusicTrack>): Promise<MusicTrack> {
    return this.music.rename(actor, data.id, data.title);
  }

  @MessagePattern(setMusicTrackPublic.subject)
  setPublic(@Payload() { actor, data }: RequestEnvelopeOf<typeof setMusicTrackPublic>): Promise<MusicTrack> {
    return this.music.setPublic(actor, data.id, data.isPublic);
  }

  @MessagePattern(deleteMusicTrack.subject)
  delete(@Payload() { actor, data }: RequestEnvelopeOf<typeof deleteMusicTrack>): Promise<{ id: string }> {
    return this.music.delete(actor, data.id);
  }
}
