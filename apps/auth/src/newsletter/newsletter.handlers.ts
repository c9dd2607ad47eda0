import { type ReplyOf, type RequestEnvelopeOf, subscribeNewsletter } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NewsletterService } from './newsletter.service.js';

@Controller()
export class NewsletterHandlers {
  constructor(private readonly newsletter: NewsletterService) {}

  @MessagePattern(subscribeNewsletter.subject)
  subscribe(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof subscribeNewsletter>,
  ): Promise<ReplyOf<typeof subscribeNewsletter>> {
    return this.newsletter.subscribe(actor, data);
  }
}
