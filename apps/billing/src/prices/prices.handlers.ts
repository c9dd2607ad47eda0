import { listPrices } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { PricesService } from './prices.service.js';

export const PricesHandlers = requestHandlers(PricesService, (answer) => [
  answer(listPrices, async (prices, { actor }) => ({ prices: await prices.list(actor) })),
]);
