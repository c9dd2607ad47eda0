import {
  checkFriendLink,
  createFriendLink,
  deactivateFriendLink,
  type FriendLink,
  getFriendLink,
  listFriendLinks,
  type ReplyOf,
  type RequestEnvelopeOf,
  reserveFriendUploads,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FriendLinksService } from './friend-links.service.js';

@Controller()
export class FriendLinksHandlers {
  constructor(private readonly links: FriendLinksService) {}

  @MessagePattern(createFriendLink.subject)
  create(@Payload() { actor, data }: RequestEnvelopeOf<typeof createFriendLink>): Promise<FriendLink> {
    return this.links.create(actor, data);
  }

  @MessagePattern(listFriendLinks.subject)
  async list(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof listFriendLinks>,
  ): Promise<ReplyOf<typeof listFriendLinks>> {
    return { links: await this.links.list(actor, data.projectId) };
  }

  @MessagePattern(deactivateFriendLink.subject)
  deactivate(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof deactivateFriendLink>,
  ): Promise<FriendLink> {
    return this.links.deactivate(actor, data.id);
  }

  @MessagePattern(getFriendLink.subject)
  describe(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof getFriendLink>,
  ): Promise<ReplyOf<typeof getFriendLink>> {
    return this.links.describe(actor, data.id);
  }

  @MessagePattern(checkFriendLink.subject)
  check(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof checkFriendLink>,
  ): Promise<ReplyOf<typeof checkFriendLink>> {
    return this.links.check(actor, data.linkId);
  }

  @MessagePattern(reserveFriendUploads.subject)
  reserve(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof reserveFriendUploads>,
  ): Promise<ReplyOf<typeof reserveFriendUploads>> {
    return this.links.reserveUploads(actor, data);
  }
}
