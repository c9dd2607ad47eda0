import {
  completeSocialSignIn,
  listSocialProviders,
  type ReplyOf,
  type RequestEnvelopeOf,
  startSocialSignIn,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SocialService } from './social.service.js';

@Controller()
export class SocialHandlers {
  constructor(private readonly social: SocialService) {}

  @MessagePattern(listSocialProviders.subject)
  list(
    @Payload() { actor }: RequestEnvelopeOf<typeof listSocialProviders>,
  ): ReplyOf<typeof listSocialProviders> {
    return this.social.listProviders(actor);
  }

  @MessagePattern(startSocialSignIn.subject)
  start(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof startSocialSignIn>,
  ): Promise<ReplyOf<typeof startSocialSignIn>> {
    return this.social.start(actor, data);
  }

  @MessagePattern(completeSocialSignIn.subject)
  complete(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof completeSocialSignIn>,
  ): Promise<ReplyOf<typeof completeSocialSignIn>> {
    return this.social.complete(actor, data);
  }
}
