import { GUEST, receivePaymentWebhook } from '@memoreel/contracts';
import { type BusClient, type Logger, RemoteError } from '@memoreel/platform';
import express, { type Router } from 'express';

/** Answers the payment provider can act on: 4xx stops its retries, 5xx makes it try again later. */
const statusFor: Record<string, number> = {
  invalid_signature: 400,
  VALIDATION_FAILED: 400,
  webhook_not_configured: 503,
};

/**
 * The payment provider's webhook. The signature covers the exact bytes sent, so the body is read
 * raw (this router is mounted before any JSON parser) and verified by the billing service.
 */
export function paymentWebhookRouter(bus: BusClient, logger: Pick<Logger, 'error'>): Router {
  const router = express.Router();
  router.post('/stripe', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    const payload = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    try {
      await bus.request(receivePaymentWebhook, GUEST, {
        payload,
        signature: req.get('stripe-signature') ?? '',
      });
      res.json({ received: true });
    } catch (error) {
      const code = error instanceof RemoteError ? error.code : 'INTERNAL';
      const status = statusFor[code] ?? 500;
      // The provider only sees a code and retries; what went wrong must be in our logs.
      if (status >= 500)
        logger.error({ err: error, code }, `payment webhook failed (${code}); the provider will retry`);
      res.status(status).json({ error_code: code });
    }
  });
  return router;
}
