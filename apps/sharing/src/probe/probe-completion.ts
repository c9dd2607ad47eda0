import type { ProbeCompletion } from '@memoreel/contracts';
import type { ProbeReceipt } from '../generated/prisma/client.js';

/** What the browser learns about a probe the sharing service consumed. */
export function completionOf(receipt: ProbeReceipt): ProbeCompletion {
  return {
    id: receipt.probeId,
    note: receipt.note,
    recordedAt: receipt.recordedAt.toISOString(),
    consumedAt: receipt.consumedAt.toISOString(),
    deliveries: receipt.deliveries,
  };
}
