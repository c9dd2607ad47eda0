import { type EventEnvelopeOf, purchaseCompleted, SYSTEM } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ProjectsService } from './projects.service.js';

const CONSUMER = 'raise-tier-when-purchase-completed';

/** Billing confirmed a payment: the project gets the tier bought, once however often the event arrives. */
@Controller()
export class RaiseTierWhenPurchaseCompleted {
  constructor(private readonly projects: ProjectsService) {}

  @EventPattern<string>(purchaseCompleted.subject)
  handle(@Payload() event: EventEnvelopeOf<typeof purchaseCompleted>): Promise<void> {
    return this.projects.raiseTierAfterPurchase(SYSTEM, {
      id: event.id,
      consumer: CONSUMER,
      projectId: event.data.projectId,
      tier: event.data.productId,
    });
  }
}
