import {
  completePhotoUploads,
  getPhotoUrls,
  type ReplyOf,
  type RequestEnvelopeOf,
  requestPhotoUploads,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PhotoUrlsService } from './photo-urls.service.js';
import { UploadCompletionService } from './upload-completion.service.js';
import { UploadIntakeService } from './upload-intake.service.js';

@Controller()
export class PhotosHandlers {
  constructor(
    private readonly intake: UploadIntakeService,
    private readonly completion: UploadCompletionService,
    private readonly photoUrls: PhotoUrlsService,
  ) {}

  @MessagePattern(requestPhotoUploads.subject)
  requestUploads(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof requestPhotoUploads>,
  ): Promise<ReplyOf<typeof requestPhotoUploads>> {
    return this.intake.requestUploads(actor, data);
  }

  @MessagePattern(completePhotoUploads.subject)
  async completeUploads(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof completePhotoUploads>,
  ): Promise<ReplyOf<typeof completePhotoUploads>> {
    return { results: await this.completion.completeUploads(actor, data) };
  }

  @MessagePattern(getPhotoUrls.subject)
  async urls(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof getPhotoUrls>,
  ): Promise<ReplyOf<typeof getPhotoUrls>> {
    return { photos: await this.photoUrls.urls(actor, data.ids) };
  }
}
