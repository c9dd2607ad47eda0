import { getMusicUrls, MUSIC_URL_SECONDS } from '@memoreel/contracts';
import { requestHandlers, requireSystem } from '@memoreel/platform';
import { MUSIC_BUCKET, MusicStorage } from './music-storage.js';
import { PlayableTracks } from './playable-tracks.js';

/**
 * Playable URLs of the tracks on a shared video's timeline. Sharing alone may ask (the claim
 * policy), as the system; only tracks a video may play are signed (public ones, or the video
 * owner's own when sharing names the owner), never a file the client named.
 */
export const MusicUrlsHandlers = requestHandlers(
  { playable: PlayableTracks, music: MusicStorage },
  (answer) => [
    answer(getMusicUrls, async ({ playable, music }, { actor, data }) => {
      requireSystem(actor);
      const found = await playable.byId(data.ids, data.ownerId ?? null);
      const tracks = await Promise.all(
        [...found].map(async ([id, row]) => ({
          id,
          url: await music.storage.presignGet(MUSIC_BUCKET, row.storagePath, {
            expiresInSeconds: MUSIC_URL_SECONDS,
          }),
          beats: row.beats,
        })),
      );
      return { tracks };
    }),
  ],
);
