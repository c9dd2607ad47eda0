import { getMusicUrls, MUSIC_URL_SECONDS, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { requireSystem } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MUSIC_BUCKET, MusicStorage } from './music-storage.js';
import { PlayableTracks } from './playable-tracks.js';

/**
 * Playable URLs of the tracks on a shared video's timeline. Sharing alone may ask (the claim
 * policy), as the system; only tracks a video may play are signed (public ones, or the video
 * owner's own when sharing names the owner), never a file the client named.
 */
@Controller()
export class MusicUrlsHandlers {
  constructor(
    private readonly playable: PlayableTracks,
    private readonly music: MusicStorage,
  ) {}

  @MessagePattern(getMusicUrls.subject)
  async urls(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof getMusicUrls>,
  ): Promise<ReplyOf<typeof getMusicUrls>> {
    requireSystem(actor);
    const found = await this.playable.byId(data.ids, data.ownerId ?? null);
    const tracks = await Promise.all(
      [...found].map(async ([id, row]) => ({
        id,
        url: await this.music.storage.presignGet(MUSIC_BUCKET, row.storagePath, {
          expiresInSeconds: MUSIC_URL_SECONDS,
        }),
        beats: row.beats,
      })),
    );
    return { tracks };
  }
}
