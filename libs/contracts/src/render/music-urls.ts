import { z } from 'zod';
import { defineRequest } from '../common/define.js';

/** Far more tracks than one timeline places. */
const MAX_TRACK_IDS = 200;

export const getMusicUrls = defineRequest('render.music.urls', {
  summary:
    "Signed URLs (MUSIC_URL_SECONDS) to play the tracks of a shared video's timeline, public or not (it was chosen while public); ids with no track are left out. The system actor only, and only from sharing (claim policy).",
  request: z.object({ ids: z.array(z.uuid()).max(MAX_TRACK_IDS) }),
  reply: z.object({ tracks: z.array(z.object({ id: z.uuid(), url: z.string() })) }),
});
