import { listPrices, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PricesService } from './prices.service.js';

@Controller()
export class PricesHandlers {
  constructor(private readonly prices: PricesService) {}

  @MessagePattern(listPrices.subject)
  async list(
    @Payload() { actor }: RequestEnvelopeOf<typeof listPrices>,
  ): Promise<ReplyOf<typeof listPrices>> {
    return { prices: await this.prices.list(actor) };
  }
}
