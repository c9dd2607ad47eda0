import { getProbe, type Probe, type RequestEnvelopeOf, recordProbe } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProbeService } from './probe.service.js';

@Controller()
export class ProbeHandlers {
  constructor(private readonly probes: ProbeService) {}

  @MessagePattern(recordProbe.subject)
  record(@Payload() { actor, data }: RequestEnvelopeOf<typeof recordProbe>): Promise<Probe> {
    return this.probes.record(actor, data);
  }

  @MessagePattern(getProbe.subject)
  get(@Payload() { actor, data }: RequestEnvelopeOf<typeof getProbe>): Promise<Probe> {
    return this.probes.get(actor, data.id);
  }
}
