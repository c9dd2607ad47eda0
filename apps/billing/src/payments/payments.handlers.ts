import { receivePaymentWebhook } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { PaymentsService } from './payments.service.js';

export const PaymentsHandlers = requestHandlers(PaymentsService, (answer) => [
  answer(receivePaymentWebhook, (payments, { actor, data }) =>
    payments.receiveWebhook(actor, data.payload, data.signature),
  ),
]);
