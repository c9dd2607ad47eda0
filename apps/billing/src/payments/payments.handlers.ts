import { type ReplyOf, type RequestEnvelopeOf, receivePaymentWebhook } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentsService } from './payments.service.js';

@Controller()
export class PaymentsHandlers {
  constructor(private readonly payments: PaymentsService) {}

  @MessagePattern(receivePaymentWebhook.subject)
  webhook(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof receivePaymentWebhook>,
  ): Promise<ReplyOf<typeof receivePaymentWebhook>> {
    return this.payments.receiveWebhook(actor, data.payload, data.signature);
  }
}
