import { randomUUID } from 'node:crypto';
import { renderChunk, renderFailed, renderMessages } from '@memoreel/contracts';
import type { EventDeliveryContext } from '@memoreel/platform';
import type { Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { RenderJobRunner } from './render-job-runner.js';
import { RendererUnavailableError } from './rendering.js';
import type { WorkerEvents } from './worker-events.js';

function runner() {
  const publish = vi.fn(async () => undefined);
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const jobs = new RenderJobRunner({ publish } as unknown as WorkerEvents, logger as unknown as Logger);
  return { jobs, publish, logger };
}

const deliveryNumber = (deliveryCount: number) =>
  ({ subject: renderChunk.subject, deliveryCount, working: vi.fn() }) as unknown as EventDeliveryContext;

describe('RenderJobRunner', () => {
  it('runs the work and reports nothing of its own when it succeeds', async () => {
    const { jobs, publish } = runner();
    const work = vi.fn(async () => undefined);

    await jobs.tryOrFail(renderChunk, randomUUID(), deliveryNumber(1), 3, work);

    expect(work).toHaveBeenCalledOnce();
    expect(publish).not.toHaveBeenCalled();
  });

  it('throws a failure back while deliveries are left, so the bus retries it', async () => {
    const { jobs, publish, logger } = runner();

    const failing = jobs.tryOrFail(renderChunk, randomUUID(), deliveryNumber(2), 3, async () => {
      throw new Error('page crashed');
    });

    await expect(failing).rejects.toThrow('page crashed');
    expect(publish).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it("fails the render on the last delivery, with the product's words instead of the reason", async () => {
    const { jobs, publish, logger } = runner();
    const renderId = randomUUID();

    await jobs.tryOrFail(renderChunk, renderId, deliveryNumber(3), 3, async () => {
      throw new Error('ECONNREFUSED storage.internal:9000');
    });

    expect(publish).toHaveBeenCalledWith(renderFailed, { renderId, error: renderMessages.interrupted });
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('fails the render at once when no retry can mend it (no Chromium)', async () => {
    const { jobs, publish } = runner();
    const renderId = randomUUID();

    await jobs.tryOrFail(renderChunk, renderId, deliveryNumber(1), 3, async () => {
      throw new RendererUnavailableError('Chromium not found');
    });

    expect(publish).toHaveBeenCalledWith(renderFailed, { renderId, error: renderMessages.noChromium });
  });

  it('fails the job when the failure cannot be reported: the bus redelivers it', async () => {
    const { jobs, publish } = runner();
    publish.mockRejectedValueOnce(new Error('bus away'));

    const failing = jobs.tryOrFail(renderChunk, randomUUID(), deliveryNumber(3), 3, async () => {
      throw new Error('page crashed');
    });

    await expect(failing).rejects.toThrow('bus away');
  });
});
