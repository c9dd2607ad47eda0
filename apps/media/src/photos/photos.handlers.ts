import {
  completePhotoUploads,
  getPhotoUrls,
  type ReplyOf,
  type RequestEnvelopeOf,
  requestPhotoUploads,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PhotosService } from './photos.service.js';

@Controller()
export class PhotosHandlers {
  constructor(private readonly photos: PhotosService) {}

  @MessagePattern(requestPhotoUploads.subject)
  requestUploads(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof requestPhotoUploads>,
  ): Promise<ReplyOf<typeof requestPhotoUploads>> {
    return this.photos.requestUploads(actor, data);
  }

  @MessagePattern(completePhotoUploads.subject)
  async completeUploads(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof completePhotoUploads>,
  ): Promise<ReplyOf<typeof completePhotoUploads>> {
    return { results: await this.photos.completeUploads(actor, data.projectId, data.uploadIds, data.linkId) };
  }

  @MessagePattern(getPhotoUrls.subject)
  async urls(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof getPhotoUrls>,
  ): Promise<ReplyOf<typeof getPhotoUrls>> {
    return { photos: await this.photos.urls(actor, data.ids) };
  }
}
