import {
  deletePhotos,
  getPhotoQuota,
  listPhotos,
  type Photo,
  type ReplyOf,
  type RequestEnvelopeOf,
  reorderPhoto,
  reservePhotoUploads,
  setPhotoFilter,
  setPhotoTransforms,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PhotosService } from './photos.service.js';

@Controller()
export class PhotosHandlers {
  constructor(private readonly photos: PhotosService) {}

  @MessagePattern(listPhotos.subject)
  async list(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof listPhotos>,
  ): Promise<ReplyOf<typeof listPhotos>> {
    return { photos: await this.photos.list(actor, data.projectId, data.ids) };
  }

  @MessagePattern(getPhotoQuota.subject)
  quota(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof getPhotoQuota>,
  ): Promise<ReplyOf<typeof getPhotoQuota>> {
    return this.photos.quota(actor, data.projectId);
  }

  @MessagePattern(reservePhotoUploads.subject)
  reserve(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof reservePhotoUploads>,
  ): Promise<ReplyOf<typeof reservePhotoUploads>> {
    return this.photos.reserveUploads(actor, data);
  }

  @MessagePattern(deletePhotos.subject)
  delete(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof deletePhotos>,
  ): Promise<ReplyOf<typeof deletePhotos>> {
    return this.photos.deleteMany(actor, data.projectId, data.ids);
  }

  @MessagePattern(reorderPhoto.subject)
  async reorder(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof reorderPhoto>,
  ): Promise<ReplyOf<typeof reorderPhoto>> {
    return { photos: await this.photos.reorder(actor, data.projectId, data.from, data.to) };
  }

  @MessagePattern(setPhotoFilter.subject)
  setFilter(@Payload() { actor, data }: RequestEnvelopeOf<typeof setPhotoFilter>): Promise<Photo> {
    return this.photos.setFilter(actor, data.id, data.filter);
  }

  @MessagePattern(setPhotoTransforms.subject)
  setTransforms(@Payload() { actor, data }: RequestEnvelopeOf<typeof setPhotoTransforms>): Promise<Photo> {
    return this.photos.setTransforms(actor, data.id, data.transforms);
  }
}
