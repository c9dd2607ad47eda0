import { getMusicUrls, MUSIC_URL_SECONDS, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { projectMessages } from '@memoreel/domain';
import { ForbiddenError } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RenderDatabase } from '../database/render-database.js';
import { MUSIC_BUCKET, MusicStorage } from './music-storage.js';

/**
 * Playable URLs of the tracks on a shared video's timeline. Sharing alone may ask (the claim
 * policy), as the system; a track withdrawn from the library still plays in the videos that used it.
 */
@Controller()
export class MusicUrlsHandlers {
  constructor(
    private readonly database: RenderDatabase,
    private readonly music: MusicStorage,
  ) {}

  @MessagePattern(getMusicUrls.subject)
  async urls(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof getMusicUrls>,
  ): Promise<ReplyOf<typeof getMusicUrls>> {
    if (actor.role !== 'system') throw new ForbiddenError(projectMessages.unauthorized);
    if (data.ids.length === 0) return { tracks: [] };
    const rows = await this.database.musicTrack.findMany({
      where: { id: { in: data.ids } },
      select: { id: true, storagePath: true },
    });
    const tracks = await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        url: await this.music.storage.presignGet(MUSIC_BUCKET, row.storagePath, {
          expiresInSeconds: MUSIC_URL_SECONDS,
        }),
      })),
    );
    return { tracks };
  }
}
