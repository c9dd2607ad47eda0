import { getProbe, recordProbe } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { ProbeService } from './probe.service.js';

export const ProbeHandlers = requestHandlers(ProbeService, (answer) => [
  answer(recordProbe, (probes, { actor, data }) => probes.record(actor, data)),
  answer(getProbe, (probes, { actor, data }) => probes.get(actor, data.id)),
]);
