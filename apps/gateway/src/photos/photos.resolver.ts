import {
  type Actor,
  deletePhotos,
  listPhotos,
  photoQuota,
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
import { toPhotoModel } from './to-photo-model.js';
import { verifyPhotoUploads } from './verify-photo-uploads.js';

/**
 * The photo operations of steps 1–4 (docs/photos-api.md). Media owns the photo (decision 0030): it
 * answers each with its signed URLs and gives the plan's places to uploads. It checks ownership for
 * the caller.
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
    return photos.map((photo) => toPhotoModel(photo));
  }

  @Query(() => PhotoQuotaModel)
  photoQuota(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
  ): Promise<PhotoQuotaModel> {
    return this.bus.request(photoQuota, actor, { projectId });
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
    // Media stored each accepted photo's row in the completion's own transaction: read once, no waiting.
    const ids = results.flatMap((result) => (result.photoId ? [result.photoId] : []));
    const stored = ids.length ? (await this.bus.request(listPhotos, actor, { projectId, ids })).photos : [];
    const photos = new Map(stored.map((photo) => [photo.id, toPhotoModel(photo)]));
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
    return photos.map((photo) => toPhotoModel(photo));
  }

  @Mutation(() => PhotoModel)
  async setPhotoFilter(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
    @Args('filter') filter: string,
  ): Promise<PhotoModel> {
    // An unknown filter is refused by the contract's schema (VALIDATION_FAILED).
    const photo = await this.bus.request(setPhotoFilter, actor, { id, filter: filter as PhotoFilter });
    return toPhotoModel(photo);
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
    return toPhotoModel(photo);
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
    // Media checks the caption against its limits (VALIDATION_FAILED).
    const photo = await this.bus.request(setPhotoCaption, actor, {
      id,
      caption: caption ? { text: caption.text, placement: caption.placement as CaptionPlacement } : null,
    });
    return toPhotoModel(photo);
  }
}
