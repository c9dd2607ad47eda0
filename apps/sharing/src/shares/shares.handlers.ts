import {
  createShare,
  deleteShare,
  getShareByProject,
  getSharedVideo,
  listShares,
  type PublicSharedVideo,
  type ReplyOf,
  type RequestEnvelopeOf,
  recordShareView,
  type Share,
  updateShare,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SharesService } from './shares.service.js';

@Controller()
export class SharesHandlers {
  constructor(private readonly shares: SharesService) {}

  @MessagePattern(getShareByProject.subject)
  async getByProject(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof getShareByProject>,
  ): Promise<ReplyOf<typeof getShareByProject>> {
    return { share: await this.shares.getByProject(actor, data.projectId) };
  }

  @MessagePattern(listShares.subject)
  async list(
    @Payload() { actor }: RequestEnvelopeOf<typeof listShares>,
  ): Promise<ReplyOf<typeof listShares>> {
    return { shares: await this.shares.list(actor) };
  }

  @MessagePattern(createShare.subject)
  create(@Payload() { actor, data }: RequestEnvelopeOf<typeof createShare>): Promise<Share> {
    return this.shares.create(actor, data.projectId, data.settings);
  }

  @MessagePattern(updateShare.subject)
  update(@Payload() { actor, data }: RequestEnvelopeOf<typeof updateShare>): Promise<Share> {
    return this.shares.update(actor, data.id, data.settings);
  }

  @MessagePattern(deleteShare.subject)
  delete(@Payload() { actor, data }: RequestEnvelopeOf<typeof deleteShare>): Promise<{ id: string }> {
    return this.shares.delete(actor, data.id);
  }

  @MessagePattern(getSharedVideo.subject)
  getPublic(@Payload() { data }: RequestEnvelopeOf<typeof getSharedVideo>): Promise<PublicSharedVideo> {
    return this.shares.getPublic(data.id);
  }

  @MessagePattern(recordShareView.subject)
  recordView(
    @Payload() { data }: RequestEnvelopeOf<typeof recordShareView>,
  ): Promise<ReplyOf<typeof recordShareView>> {
    return this.shares.recordView(data.id, data.viewerKey, data.ipKey);
  }
}
