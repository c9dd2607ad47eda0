import { listPurchases, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PurchasesService } from './purchases.service.js';

@Controller()
export class PurchasesHandlers {
  constructor(private readonly purchases: PurchasesService) {}

  @MessagePattern(listPurchases.subject)
  async list(
    @Payload() { actor }: RequestEnvelopeOf<typeof listPurchases>,
  ): Promise<ReplyOf<typeof listPurchases>> {
    return { purchases: await this.purchases.history(actor) };
  }
}
