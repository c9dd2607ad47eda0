import {
  type Actor,
  deletePhotos,
  getPhotoQuota,
  listPhotos,
  type Photo,
  reorderPhoto,
  requestPhotoUploads,
  setPhotoCaption,
  setPhotoFilter,
  setPhotoTransforms,
} from '@memoreel/contracts';
import type { CaptionPlacement, PhotoFilter } from '@memoreel/domain';
import { BusClient } from '@memoreel/platform';
import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentActor } from '../http/current-actor.js';
import {
  PhotoCaptionInput,
  PhotoModel,
  PhotoQuotaModel,
  PhotoTransformsInput,
  PhotoUploadFileInput,
  PhotoUploadPlanModel,
  PhotoUploadResultModel,
} from './photo.model.js';
import { photosWithUrls } from './photos-with-urls.js';
import { verifyPhotoUploads } from './verify-photo-uploads.js';

/** How long a completed upload may take to appear in projects (the media.photo.stored consumer). */
const ROW_WAIT_MS = 5_000;

/**
 * The photo operations of steps 1–4 (docs/photos-api.md). Rows come from projects, objects and
 * their signed URLs from media; each service checks ownership for the caller.
 */
@Resolver(() => PhotoModel)
export class PhotosResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => [PhotoModel], { description: "The project's accepted photos in display order." })
  async photos(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
  ): Promise<PhotoModel[]> {
    const { photos } = await this.bus.request(listPhotos, actor, { projectId });
    return this.withUrls(actor, photos);
  }

  @Query(() => PhotoQuotaModel)
  photoQuota(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
  ): Promise<PhotoQuotaModel> {
    return this.bus.request(getPhotoQuota, actor, { projectId });
  }

  @Mutation(() => PhotoUploadPlanModel, {
    description:
      'Reserves quota atomically (reservations count until completed or expired) and returns presigned PUTs.',
  })
  requestPhotoUploads(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
    @Args('files', { type: () => [PhotoUploadFileInput] }) files: PhotoUploadFileInput[],
  ): Promise<PhotoUploadPlanModel> {
    return this.bus.request(requestPhotoUploads, actor, { projectId, files });
  }

  @Mutation(() => [PhotoUploadResultModel], {
    description:
      'Verifies each uploaded object without decoding its pixels (size, magic bytes, pixel limit from its header, structure whole to its end), converts HEIC to JPEG, stores the photo.',
  })
  async completePhotoUploads(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
    @Args('uploadIds', { type: () => [ID] }) uploadIds: string[],
  ): Promise<PhotoUploadResultModel[]> {
    const { results } = await verifyPhotoUploads(this.bus, actor, { projectId, uploadIds });
    const accepted = results.flatMap((result) => (result.photoId ? [result.photoId] : []));
    const photos = new Map((await this.rowsOf(actor, projectId, accepted)).map((p) => [p.id, p]));
    return results.map((result) => ({
      uploadId: result.uploadId,
      photo: (result.photoId && photos.get(result.photoId)) || null,
      error: result.error,
    }));
  }

  @Mutation(() => [ID], { description: 'Deletes photos and their objects; returns the ids deleted.' })
  async deletePhotos(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
    @Args('ids', { type: () => [ID] }) ids: string[],
  ): Promise<string[]> {
    return (await this.bus.request(deletePhotos, actor, { projectId, ids })).ids;
  }

  @Mutation(() => [PhotoModel], {
    description:
      'Moves the photo at index `from` to index `to` (0-based, accepted photos in display order); returns the new order.',
  })
  async reorderPhoto(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
    @Args('from', { type: () => Int }) from: number,
    @Args('to', { type: () => Int }) to: number,
  ): Promise<PhotoModel[]> {
    const { photos } = await this.bus.request(reorderPhoto, actor, { projectId, from, to });
    return this.withUrls(actor, photos);
  }

  @Mutation(() => PhotoModel)
  async setPhotoFilter(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
    @Args('filter') filter: string,
  ): Promise<PhotoModel> {
    // An unknown filter is refused by the contract's schema (VALIDATION_FAILED).
    const photo = await this.bus.request(setPhotoFilter, actor, { id, filter: filter as PhotoFilter });
    return this.withUrl(actor, photo);
  }

  @Mutation(() => PhotoModel, {
    description: "Stores the motion clamped to the spec's bounds (clampTransforms); returns what was stored.",
  })
  async setPhotoTransforms(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
    @Args('transforms', { type: () => PhotoTransformsInput }) transforms: PhotoTransformsInput,
  ): Promise<PhotoModel> {
    const photo = await this.bus.request(setPhotoTransforms, actor, {
      id,
      transforms: { '0': { ...transforms.start }, '100': { ...transforms.end } },
    });
    return this.withUrl(actor, photo);
  }

  @Mutation(() => PhotoModel, {
    description:
      "Sets a photo's caption, or removes it (null); refused past 100 characters or two lines, or at a place other than bottom or top.",
  })
  async setPhotoCaption(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
    @Args('caption', { type: () => PhotoCaptionInput, nullable: true }) caption: PhotoCaptionInput | null,
  ): Promise<PhotoModel> {
    // The projects service checks the caption against its limits (VALIDATION_FAILED).
    const photo = await this.bus.request(setPhotoCaption, actor, {
      id,
      caption: caption ? { text: caption.text, placement: caption.placement as CaptionPlacement } : null,
    });
    return this.withUrl(actor, photo);
  }

  private withUrls(actor: Actor, photos: Photo[]): Promise<PhotoModel[]> {
    return photosWithUrls(this.bus, actor, photos);
  }

  private async withUrl(actor: Actor, photo: Photo): Promise<PhotoModel> {
    return (await this.withUrls(actor, [photo]))[0] as PhotoModel;
  }

  /** The rows of just-stored photos: projects adds them on media.photo.stored, usually within milliseconds. */
  private async rowsOf(actor: Actor, projectId: string, ids: string[]): Promise<PhotoModel[]> {
    if (ids.length === 0) return [];
    const deadline = Date.now() + ROW_WAIT_MS;
    for (;;) {
      const { photos } = await this.bus.request(listPhotos, actor, { projectId, ids });
      if (photos.length === ids.length || Date.now() > deadline) return this.withUrls(actor, photos);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
