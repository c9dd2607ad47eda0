import {
  getMusicUrls,
  getPhotoUrls,
  listPhotosForShare,
  listRenders,
  type PhotoBox,
  type PublicSharedVideo,
  SYSTEM,
} from '@memoreel/contracts';
import { facesOf, type TimelineTrack, type VideoSize } from '@memoreel/domain';
import { BusClient, LOGGER, type Logger, ownerActor } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';

/** media.photo.urls takes at most this many ids a call. */
const PHOTO_URLS_PER_CALL = 400;
const isTrackId = (id: string) => z.uuid().safeParse(id).success;

/**
 * What the public player draws and plays: the project's accepted photos in order (projects), a
 * signed URL of each one's filtered video derivative, else its carousel size (media), and the
 * timeline's music (render), and the latest rendered MP4 when there is one (render). URLs are
 * signed for an hour: enough for a page view.
 */
@Injectable()
export class SharedVideoMedia {
  constructor(
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async photosOf(share: {
    projectId: string;
    userId: string;
  }): Promise<Pick<PublicSharedVideo, 'photos' | 'posterUrl' | 'phonePosterUrl'>> {
    const { photos } = await this.bus.request(listPhotosForShare, SYSTEM, { projectId: share.projectId });
    if (photos.length === 0) return { photos: [], posterUrl: null, phonePosterUrl: null };
    const owner = ownerActor(share);
    const urls = new Map<string, string>();
    const faces = new Map<string, readonly PhotoBox[]>();
    // Thumbnails carry no filter: they stand in for unfiltered photos only.
    const thumbnails = new Map<string, { carousel: string; grid: string }>();
    for (let start = 0; start < photos.length; start += PHOTO_URLS_PER_CALL) {
      const ids = photos.slice(start, start + PHOTO_URLS_PER_CALL).map((photo) => photo.id);
      const reply = await this.bus.request(getPhotoUrls, owner, { ids });
      for (const { id, urls: signed, subjects } of reply.photos) {
        faces.set(id, facesOf(subjects));
        const photo = photos.find((candidate) => candidate.id === id);
        // A derivative baked with an older filter is not the photo as it looks now.
        const video = signed?.videoFilter === photo?.filter ? signed?.video : null;
        const url = video ?? signed?.carousel;
        if (url) urls.set(id, url);
        if (signed && photo?.filter === 'none')
          thumbnails.set(id, { carousel: signed.carousel, grid: signed.grid });
      }
    }
    // A photo whose thumbnails are not made yet has nothing to show; the others still play.
    const playable = photos.flatMap((photo) => {
      const url = urls.get(photo.id);
      return url ? [{ ...photo, url, faces: [...(faces.get(photo.id) ?? [])] }] : [];
    });
    const first = playable[0];
    const thumbnail = first ? thumbnails.get(first.id) : undefined;
    return {
      photos: playable,
      posterUrl: thumbnail?.carousel ?? first?.url ?? null,
      phonePosterUrl: thumbnail?.grid ?? null,
    };
  }

  /** The timeline's playable tracks: public ones, and the video owner's own (an admin's unpublished upload). */
  async musicUrlsOf(
    tracks: readonly TimelineTrack[],
    ownerId: string,
  ): Promise<PublicSharedVideo['musicUrls']> {
    const ids = [...new Set(tracks.map((track) => track.id).filter(isTrackId))];
    if (ids.length === 0) return [];
    return (await this.bus.request(getMusicUrls, SYSTEM, { ids, ownerId })).tracks;
  }

  /**
   * The signed URL of the project's latest completed render in the share's format (a 9:16 share
   * plays its 9:16 video, even after the project moved on to another shape), else null: the page
   * then plays the composition, so a render service that is down or slow costs the viewer nothing.
   */
  async latestVideoUrlOf(
    share: { id: string; projectId: string; userId: string },
    size: VideoSize,
  ): Promise<string | null> {
    try {
      const { renders } = await this.bus.request(listRenders, ownerActor(share), {
        projectId: share.projectId,
      });
      const render = renders.find(
        (render) =>
          render.status === 'completed' &&
          render.downloadUrl &&
          render.width === size.width &&
          render.height === size.height,
      );
      return render?.downloadUrl ?? null;
    } catch (error) {
      this.logger.warn(
        { err: error, shareId: share.id },
        'no rendered video for the share; it plays the composition',
      );
      return null;
    }
  }
}
