import { listPurchases } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { PurchasesService } from './purchases.service.js';

export const PurchasesHandlers = requestHandlers(PurchasesService, (answer) => [
  answer(listPurchases, async (purchases, { actor }) => ({ purchases: await purchases.history(actor) })),
]);
