import {
  applyPhotoEdit,
  checkPhotoEditWanted,
  discardPhotoEdit,
  getPhotoEdit,
  type ReplyOf,
  type RequestEnvelopeOf,
  startPhotoEdit,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PhotoEditsService } from './photo-edits.service.js';

@Controller()
export class PhotoEditsHandlers {
  constructor(private readonly edits: PhotoEditsService) {}

  @MessagePattern(startPhotoEdit.subject)
  start(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof startPhotoEdit>,
  ): Promise<ReplyOf<typeof startPhotoEdit>> {
    return this.edits.start(actor, data.photoId, data.kind);
  }

  @MessagePattern(getPhotoEdit.subject)
  get(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof getPhotoEdit>,
  ): Promise<ReplyOf<typeof getPhotoEdit>> {
    return this.edits.get(actor, data.id);
  }

  @MessagePattern(applyPhotoEdit.subject)
  apply(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof applyPhotoEdit>,
  ): Promise<ReplyOf<typeof applyPhotoEdit>> {
    return this.edits.apply(actor, data.id);
  }

  @MessagePattern(discardPhotoEdit.subject)
  async discard(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof discardPhotoEdit>,
  ): Promise<ReplyOf<typeof discardPhotoEdit>> {
    return { discarded: await this.edits.discard(actor, data.id) };
  }

  @MessagePattern(checkPhotoEditWanted.subject)
  async wanted(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof checkPhotoEditWanted>,
  ): Promise<ReplyOf<typeof checkPhotoEditWanted>> {
    return { wanted: await this.edits.wanted(actor, data.editId) };
  }
}
