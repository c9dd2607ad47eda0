import {
  getChunkPhotos,
  getRenderProgress,
  listRenders,
  type ReplyOf,
  type RequestEnvelopeOf,
  startRender,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RendersService } from './renders.service.js';

@Controller()
export class RendersHandlers {
  constructor(private readonly renders: RendersService) {}

  @MessagePattern(startRender.subject)
  start(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof startRender>,
  ): Promise<ReplyOf<typeof startRender>> {
    return this.renders.start(actor, data.projectId);
  }

  @MessagePattern(getRenderProgress.subject)
  progress(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof getRenderProgress>,
  ): Promise<ReplyOf<typeof getRenderProgress>> {
    return this.renders.progress(actor, data.renderId);
  }

  @MessagePattern(getChunkPhotos.subject)
  chunkPhotos(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof getChunkPhotos>,
  ): Promise<ReplyOf<typeof getChunkPhotos>> {
    return this.renders.chunkPhotos(actor, data.renderId);
  }

  @MessagePattern(listRenders.subject)
  async list(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof listRenders>,
  ): Promise<ReplyOf<typeof listRenders>> {
    return { renders: await this.renders.list(actor, data.projectId) };
  }
}
