import {
  completeMusicUploads,
  deleteMusicTrack,
  listMusicTracks,
  listPublicMusicTracks,
  renameMusicTrack,
  requestMusicUploads,
  setMusicTrackPublic,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { MusicService } from './music.service.js';

export const MusicHandlers = requestHandlers(MusicService, (answer) => [
  answer(listPublicMusicTracks, async (music, { actor }) => ({ tracks: await music.listPublic(actor) })),
  answer(listMusicTracks, async (music, { actor }) => ({ tracks: await music.listAll(actor) })),
  answer(requestMusicUploads, async (music, { actor, data }) => ({
    slots: await music.requestUploads(actor, data.files),
  })),
  answer(completeMusicUploads, async (music, { actor, data }) => ({
    results: await music.completeUploads(actor, data.uploads),
  })),
  answer(renameMusicTrack, (music, { actor, data }) => music.rename(actor, data.id, data.title)),
  answer(setMusicTrackPublic, (music, { actor, data }) => music.setPublic(actor, data.id, data.isPublic)),
  answer(deleteMusicTrack, (music, { actor, data }) => music.delete(actor, data.id)),
]);
