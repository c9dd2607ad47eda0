import type { AddressInfo } from 'node:net';
import type { BusClient } from '@memoreel/platform';
import { RemoteError } from '@memoreel/platform';
import express from 'express';
import { expect, it, vi } from 'vitest';
import { paymentWebhookRouter } from './payment-webhook.router.js';

async function post(failure: Error) {
  const bus = { request: vi.fn().mockRejectedValue(failure) } as unknown as BusClient;
  const logger = { error: vi.fn() };
  const app = express().use('/billing/v1/webhooks', paymentWebhookRouter(bus, logger));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((ready) => server.once('listening', ready));
  try {
    const response = await fetch(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/billing/v1/webhooks/stripe`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        body: '{"type":"checkout.session.completed"}',
      },
    );
    return { status: response.status, body: await response.json(), logger };
  } finally {
    server.close();
  }
}

it('logs an unexpected failure before answering 500, so the provider retries and we know why', async () => {
  const failure = new Error('connection to billing lost');
  const { status, body, logger } = await post(failure);
  expect(status).toBe(500);
  expect(body).toEqual({ error_code: 'INTERNAL' });
  expect(logger.error).toHaveBeenCalledWith(
    expect.objectContaining({ err: failure, code: 'INTERNAL' }),
    'payment webhook failed (INTERNAL); the provider will retry',
  );
});

it('answers a refused signature with 400 and logs nothing (the sender is at fault, not us)', async () => {
  const { status, body, logger } = await post(
    new RemoteError({ code: 'invalid_signature', message: 'Invalid signature' }),
  );
  expect(status).toBe(400);
  expect(body).toEqual({ error_code: 'invalid_signature' });
  expect(logger.error).not.toHaveBeenCalled();
});
