import { getProbeCompletion, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SharingDatabase } from '../database/sharing-database.js';
import { completionOf } from './probe-completion.js';

/**
 * A probe's completion for whoever asks by its id (the probe's id is the caller's own secret, as
 * for the live push): a subscriber that began listening after the push still learns the outcome.
 */
@Controller()
export class ProbeCompletionHandler {
  constructor(private readonly database: SharingDatabase) {}

  @MessagePattern(getProbeCompletion.subject)
  async get(
    @Payload() { data }: RequestEnvelopeOf<typeof getProbeCompletion>,
  ): Promise<ReplyOf<typeof getProbeCompletion>> {
    const receipt = await this.database.probeReceipt.findUnique({ where: { probeId: data.id } });
    return receipt ? completionOf(receipt) : null;
  }
}
