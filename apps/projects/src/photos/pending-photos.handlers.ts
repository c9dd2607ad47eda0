import {
  acceptPendingPhotos,
  listPendingPhotos,
  pendingPhotoSummary,
  type ReplyOf,
  type RequestEnvelopeOf,
  rejectPendingPhotos,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PendingPhotosService } from './pending-photos.service.js';

@Controller()
export class PendingPhotosHandlers {
  constructor(private readonly pending: PendingPhotosService) {}

  @MessagePattern(listPendingPhotos.subject)
  async list(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof listPendingPhotos>,
  ): Promise<ReplyOf<typeof listPendingPhotos>> {
    return { photos: await this.pending.list(actor, data.projectId) };
  }

  @MessagePattern(acceptPendingPhotos.subject)
  accept(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof acceptPendingPhotos>,
  ): Promise<ReplyOf<typeof acceptPendingPhotos>> {
    return this.pending.accept(actor, data.projectId, data.ids);
  }

  @MessagePattern(rejectPendingPhotos.subject)
  reject(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof rejectPendingPhotos>,
  ): Promise<ReplyOf<typeof rejectPendingPhotos>> {
    return this.pending.reject(actor, data.projectId, data.ids);
  }

  @MessagePattern(pendingPhotoSummary.subject)
  summary(
    @Payload() { actor }: RequestEnvelopeOf<typeof pendingPhotoSummary>,
  ): Promise<ReplyOf<typeof pendingPhotoSummary>> {
    return this.pending.summary(actor);
  }
}
