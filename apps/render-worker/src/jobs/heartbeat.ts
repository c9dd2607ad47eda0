import type { JobContract } from '@memoreel/contracts';
import type { EventDeliveryContext } from '@memoreel/platform';

/** For a job whose contract declares no delivery timing: four beats within the bus's default 60 s ack wait. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

/**
 * Runs `work`, saying the delivery is still being worked on every `job.delivery.heartbeatMs` from
 * start to end: the broker never hands a live worker's job to another, and a killed one's within
 * its ack wait.
 */
export async function withHeartbeat<T>(
  job: JobContract,
  delivery: Pick<EventDeliveryContext, 'working'>,
  work: () => Promise<T>,
): Promise<T> {
  const beat = setInterval(() => delivery.working(), job.delivery?.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}
