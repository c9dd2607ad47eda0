import { randomUUID } from 'node:crypto';
import { type Actor, billingErrorCodes, type Price } from '@memoreel/contracts';
import { isUpgrade, type Tier, upgradeMessages } from '@memoreel/domain';
import { DomainError, LOGGER, type Logger, ProjectsLookup, requireSignedIn } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { BillingConfig } from '../billing.config.js';
import { BillingDatabase } from '../database/billing-database.js';
import { PaymentProvider } from '../payments/payment-provider.js';
import { PricesService } from '../prices/prices.service.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';

@Injectable()
export class UpgradesService {
  constructor(
    private readonly config: BillingConfig,
    private readonly database: BillingDatabase,
    private readonly prices: PricesService,
    private readonly projects: ProjectsLookup,
    private readonly purchases: PurchasesRepository,
    private readonly provider: PaymentProvider,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The upgrade dialog: the project's tier and the plans above it (none on cherish). */
  async options(actor: Actor, projectId: string): Promise<{ currentTier: Tier; upgradeOptions: Price[] }> {
    requireSignedIn(actor);
    const project = await this.projects.get(actor, projectId);
    const prices = await this.prices.list(actor);
    return {
      currentTier: project.product,
      upgradeOptions: prices.filter((price) => isUpgrade(project.product, price.productId)),
    };
  }

  /**
   * Starts a checkout for a higher tier. Accounts only (a guest session would lose what it paid
   * for), and only while purchasing is switched on. The purchase is recorded pending with the
   * provider's session; the webhook completes it.
   */
  async purchase(
    actor: Actor,
    request: { projectId: string; productId: Tier; promoCode?: string | undefined },
  ): Promise<{ url: string }> {
    const userId = requireSignedIn(actor);
    if (actor.isAnonymous)
      throw new DomainError(billingErrorCodes.accountRequired, upgradeMessages.accountRequired);
    if (!this.config.purchasesEnabled) {
      throw new DomainError(billingErrorCodes.purchasesDisabled, upgradeMessages.comingSoon.description);
    }
    const project = await this.projects.get(actor, request.projectId);
    if (!isUpgrade(project.product, request.productId)) {
      throw new DomainError(billingErrorCodes.notAnUpgrade, upgradeMessages.notAnUpgrade);
    }
    const price = (await this.prices.list(actor)).find(
      (candidate) => candidate.productId === request.productId,
    );
    if (!price) throw new DomainError(billingErrorCodes.unknownProduct, upgradeMessages.unknownProduct);

    const purchaseId = randomUUID();
    const dashboard = `${this.config.publicUrl}/dashboard`;
    const success = new URLSearchParams({ success: 'true', projectId: project.id, product: price.productId });
    const checkout = await this.provider
      .createCheckout({
        purchaseId,
        projectId: project.id,
        userId,
        productId: price.productId,
        productName: price.name,
        amountCents: price.priceCents,
        currency: price.currency,
        priceId: price.priceId,
        promoCode: request.promoCode,
        successUrl: `${dashboard}?${success}`,
        cancelUrl: dashboard,
      })
      .catch((error: unknown) => {
        this.logger.error({ err: error, projectId: project.id }, 'checkout could not be created');
        throw new DomainError(billingErrorCodes.checkoutFailed, upgradeMessages.checkoutFailed);
      });
    await this.database.$transaction((tx) =>
      this.purchases.insertPending(tx, {
        id: purchaseId,
        userId,
        projectId: project.id,
        productId: price.productId,
        amountCents: price.priceCents,
        currency: price.currency,
        provider: this.provider.name,
        providerSessionId: checkout.sessionId,
        promoCode: request.promoCode ?? null,
      }),
    );
    return { url: checkout.url };
  }
}
