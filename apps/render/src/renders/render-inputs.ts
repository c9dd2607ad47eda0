import { type Actor, listPhotos, type Project, renderMessages } from '@memoreel/contracts';
import {
  facesOf,
  type TimelineTrack,
  VIDEO_TOO_LONG,
  type VideoLength,
  videoLengthIn,
  videoLengthMessages,
} from '@memoreel/domain';
import { BusClient, DomainError, passRemoteErrors, ValidationError } from '@memoreel/platform';
import {
  FPS,
  type MemoreelVideoProps,
  videoDurationInFrames,
  videoPropsFromProject,
} from '@memoreel/video/chunks';
import { Injectable } from '@nestjs/common';
import { MUSIC_BUCKET, MusicStorage } from '../music/music-storage.js';
import { PlayableTracks } from '../music/playable-tracks.js';

/** Music URLs the stitch reads: long enough for a render that waits in a busy queue. */
const MUSIC_URL_SECONDS = 24 * 3600;

/**
 * What a render is made of — or, while media still makes some photos' video derivatives (a large
 * upload, a filter just changed), how many are ready: the render waits for them (`pending`).
 */
export type RenderInput =
  | { ready: true; props: MemoreelVideoProps; tracks: TimelineTrack[] }
  | { ready: false; photosReady: number; photos: number };

/** What a render is made of, asked of media as the owner and found in the music library. */
@Injectable()
export class RenderInputs {
  constructor(
    private readonly bus: BusClient,
    private readonly musicStorage: MusicStorage,
    private readonly music: PlayableTracks,
  ) {}

  /**
   * The composition's props: photos in order with their filtered derivatives, the settings, and the
   * music the server finds for the timeline's track ids (what it signs, never the client's paths).
   * Not ready while a photo's derivative (of its current filter) is still being made.
   */
  async videoProps(actor: Actor, project: Project): Promise<RenderInput> {
    // One call: media owns the photos and signs them (`video` only once its current filter's derivative is made).
    const { photos } = await passRemoteErrors(() =>
      this.bus.request(listPhotos, actor, { projectId: project.id }),
    );
    if (photos.length === 0) throw new ValidationError(renderMessages.missingData);
    let photosReady = 0;
    const framed = photos.map(({ id, transforms, caption, width, height, urls, subjects }) => {
      const video = urls?.video ?? null;
      if (video) photosReady += 1;
      // Its size and faces frame it in a 1:1 or 9:16 video (filling the frame, no face cut).
      return {
        id,
        url: video ?? '',
        transforms,
        caption,
        width,
        height,
        faces: facesOf(subjects),
      };
    });
    const tracks = await this.music.playableIn(actor, project.videoSettings.music.timelineTracks);
    const music = new Map<string, string>();
    for (const path of new Set(tracks.map((track) => track.storage_path))) {
      music.set(
        path,
        await this.musicStorage.storage.presignGet(MUSIC_BUCKET, path, {
          expiresInSeconds: MUSIC_URL_SECONDS,
        }),
      );
    }
    const settings = {
      ...project.videoSettings,
      music: { ...project.videoSettings.music, timelineTracks: tracks },
    };
    const beats = new Map(tracks.map((track) => [track.instanceId, track.beats]));
    const props = videoPropsFromProject({
      photos: framed,
      settings,
      musicUrl: (track) => music.get(track.storage_path) as string,
      beatsOf: (track) => beats.get(track.instanceId),
    });
    // The plan's minutes (spec §9), measured as the Design step measures them: the video's own length.
    // Checked before the wait for derivatives: a render too long for the plan is refused at the click,
    // not after it has waited for a large upload's derivatives.
    refuseOverPlan(project, videoLengthIn(project.product, videoDurationInFrames(props) / FPS));
    if (photosReady < photos.length) return { ready: false, photosReady, photos: photos.length };
    return { ready: true, props, tracks };
  }
}

function refuseOverPlan(project: Project, length: VideoLength): void {
  if (length.withinPlan) return;
  throw new DomainError(VIDEO_TOO_LONG, videoLengthMessages.tooLong(project.product, length.seconds), {
    seconds: length.seconds,
    limitSeconds: length.limitSeconds,
  });
}
