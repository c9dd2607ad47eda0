import { randomUUID } from 'node:crypto';
import { chunkStarted, SYSTEM } from '@memoreel/contracts';
import type { Bus } from '@memoreel/platform';
import { describe, expect, it, vi } from 'vitest';
import { WorkerEvents } from './worker-events.js';

describe('WorkerEvents', () => {
  it('publishes a report straight to the bus as the system, its id the de-duplication key', async () => {
    const publishEvent = vi.fn(async () => undefined);
    const events = new WorkerEvents({ publishEvent } as unknown as Bus);
    const renderId = randomUUID();

    await events.publish(chunkStarted, { renderId, chunkIndex: 2 });

    expect(publishEvent).toHaveBeenCalledOnce();
    const [subject, event, options] = publishEvent.mock.calls[0] as unknown as [
      string,
      { id: string; actor: unknown; data: unknown },
      { msgId: string },
    ];
    expect(subject).toBe(chunkStarted.subject);
    expect(event).toMatchObject({ actor: SYSTEM, data: { renderId, chunkIndex: 2 } });
    expect(options).toEqual({ msgId: event.id });
  });

  it('fails with the bus: the job is redelivered', async () => {
    const events = new WorkerEvents({
      publishEvent: async () => {
        throw new Error('bus away');
      },
    } as unknown as Bus);

    await expect(events.publish(chunkStarted, { renderId: randomUUID(), chunkIndex: 0 })).rejects.toThrow(
      'bus away',
    );
  });
});
