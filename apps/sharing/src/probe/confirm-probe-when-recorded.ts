import { type EventEnvelopeOf, probeCompleted, probeRecorded } from '@memoreel/contracts';
import { BusClient, type EventDeliveryContext, runOnce } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { SharingDatabase } from '../database/sharing-database.js';
import { completionOf } from './probe-completion.js';

const CONSUMER = 'confirm-probe-when-recorded';

/**
 * The consumer half of the system check: keeps a receipt of each probe (once, however often
 * it is delivered) and pushes the completion live to whoever is watching.
 */
@Controller()
export class ConfirmProbeWhenRecorded {
  constructor(
    private readonly database: SharingDatabase,
    private readonly bus: BusClient,
  ) {}

  @EventPattern<string>(probeRecorded.subject)
  async handle(
    @Payload() event: EventEnvelopeOf<typeof probeRecorded>,
    @Ctx() delivery: EventDeliveryContext,
  ) {
    const probe = event.data;
    const receipt = await this.database.$transaction(async (tx) => {
      await runOnce(tx, 'sharing', CONSUMER, event.id, () =>
        tx.probeReceipt.create({
          data: {
            probeId: probe.id,
            note: probe.note,
            recordedAt: new Date(probe.recordedAt),
            deliveries: delivery.deliveryCount,
          },
        }),
      );
      return tx.probeReceipt.findUniqueOrThrow({ where: { probeId: probe.id } });
    });
    await this.bus.publishLive(probeCompleted, completionOf(receipt));
  }
}
