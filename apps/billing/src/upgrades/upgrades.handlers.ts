import {
  getUpgradeOptions,
  purchaseUpgrade,
  type ReplyOf,
  type RequestEnvelopeOf,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UpgradesService } from './upgrades.service.js';

@Controller()
export class UpgradesHandlers {
  constructor(private readonly upgrades: UpgradesService) {}

  @MessagePattern(getUpgradeOptions.subject)
  options(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof getUpgradeOptions>,
  ): Promise<ReplyOf<typeof getUpgradeOptions>> {
    return this.upgrades.options(actor, data.projectId);
  }

  @MessagePattern(purchaseUpgrade.subject)
  purchase(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof purchaseUpgrade>,
  ): Promise<ReplyOf<typeof purchaseUpgrade>> {
    return this.upgrades.purchase(actor, data);
  }
}
