import { getMusicUrls, listPhotos, listRenders, type PublicSharedVideo, SYSTEM } from '@memoreel/contracts';
import { facesOf, type TimelineTrack, type VideoSize } from '@memoreel/domain';
import { BusClient, LOGGER, type Logger, ownerActor, RemoteError } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';

const isTrackId = (id: string) => z.uuid().safeParse(id).success;

/**
 * What the public player draws and plays: the project's accepted photos in order, each with a signed
 * URL of its filtered video derivative, else its carousel size (media, asked as the share's owner),
 * the timeline's music (render), and the latest rendered MP4 when there is one (render). URLs are
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
    const photos = await this.photosOfOwner(share);
    if (photos.length === 0) return { photos: [], posterUrl: null, phonePosterUrl: null };
    // A photo whose thumbnails are not made yet has nothing to show; the others still play.
    // Only what the composition draws: nothing that names the owner or the friend who sent it.
    const playable = photos.flatMap(({ id, filter, transforms, caption, width, height, urls, subjects }) => {
      const url = urls?.video ?? urls?.carousel;
      return url
        ? [{ id, filter, transforms, caption, width, height, url, faces: [...facesOf(subjects)] }]
        : [];
    });
    const first = photos.find((photo) => photo.id === playable[0]?.id);
    // Thumbnails carry no filter: they stand in for an unfiltered photo only.
    const thumbnails = first?.filter === 'none' ? first.urls : null;
    return {
      photos: playable,
      posterUrl: thumbnails?.carousel ?? playable[0]?.url ?? null,
      phonePosterUrl: thumbnails?.grid ?? null,
    };
  }

  /** The project's photos as its owner sees them; a project gone meanwhile has none to play. */
  private async photosOfOwner(share: { projectId: string; userId: string }) {
    try {
      return (await this.bus.request(listPhotos, ownerActor(share), { projectId: share.projectId })).photos;
    } catch (error) {
      if (error instanceof RemoteError && error.code === 'NOT_FOUND') return [];
      throw error;
    }
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
