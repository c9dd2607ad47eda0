import { randomUUID } from 'node:crypto';
import { type Actor, billingErrorCodes, purchaseCompleted, SYSTEM } from '@memoreel/contracts';
import { tierOf } from '@memoreel/domain';
import { buildEvent, DomainError, LOGGER, type Logger, recordEvent } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { BillingDatabase } from '../database/billing-database.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';
import { PaymentProvider, WebhookNotConfiguredError } from './payment-provider.js';
import { InvalidSignatureError } from './stripe-signature.js';

export const webhookMessages = {
  invalidSignature: 'Invalid webhook signature',
  notConfigured: 'Payment webhooks are not configured',
} as const;

@Injectable()
export class PaymentsService {
  constructor(
    private readonly database: BillingDatabase,
    private readonly purchases: PurchasesRepository,
    private readonly provider: PaymentProvider,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A provider webhook, relayed by the gateway as received (the actor is a guest: the signature is
   * what authenticates it). A paid checkout completes its purchase and emits billing.purchase.completed
   * in the same transaction; a redelivery finds it completed and emits nothing.
   */
  async receiveWebhook(_actor: Actor, payload: string, signature: string): Promise<{ received: true }> {
    const notification = this.read(payload, signature);
    if (notification.kind === 'ignored') {
      this.logger.info({ type: notification.type }, 'payment webhook ignored');
      return { received: true };
    }
    await this.database.$transaction(async (tx) => {
      const completed = await this.purchases.complete(
        tx,
        {
          id: notification.purchaseId ?? randomUUID(),
          userId: notification.userId,
          projectId: notification.projectId,
          productId: notification.productId,
          amountCents: notification.amountCents,
          currency: notification.currency,
          provider: this.provider.name,
          providerSessionId: notification.sessionId,
        },
        { amountCents: notification.amountCents, currency: notification.currency },
      );
      if (!completed) return;
      await recordEvent(
        tx,
        'billing',
        buildEvent(purchaseCompleted, SYSTEM, {
          purchaseId: completed.id,
          projectId: completed.projectId,
          userId: completed.userId,
          productId: tierOf(completed.productId),
          amountCents: completed.amountCents,
          currency: completed.currency,
        }),
      );
    });
    return { received: true };
  }

  private read(payload: string, signature: string) {
    try {
      return this.provider.readWebhook(payload, signature);
    } catch (error) {
      if (error instanceof InvalidSignatureError) {
        this.logger.warn({ reason: error.message }, 'payment webhook refused');
        throw new DomainError(billingErrorCodes.invalidSignature, webhookMessages.invalidSignature);
      }
      if (error instanceof WebhookNotConfiguredError) {
        throw new DomainError(billingErrorCodes.webhookNotConfigured, webhookMessages.notConfigured);
      }
      throw error;
    }
  }
}
