import { z } from 'zod';
import { defineRequest } from '../common/define.js';
import { TrackBeatsSchema } from './music.js';

/** Far more tracks than one timeline places. */
const MAX_TRACK_IDS = 200;

export const getMusicUrls = defineRequest('render.music.urls', {
  summary:
    "Signed URLs (MUSIC_URL_SECONDS) to play the tracks of a shared video's timeline: public tracks, and the video owner's own (`ownerId`, an admin's unpublished upload); ids of other tracks or none are left out. The system actor only, and only from sharing (claim policy).",
  request: z.object({ ids: z.array(z.uuid()).max(MAX_TRACK_IDS), ownerId: z.uuid().optional() }),
  reply: z.object({
    tracks: z.array(
      z.object({
        id: z.uuid(),
        url: z.string(),
        /** Beat times in seconds of the file (null while not analysed): the shared player cuts on them too. */
        beats: TrackBeatsSchema.shape.beats,
      }),
    ),
  }),
});
