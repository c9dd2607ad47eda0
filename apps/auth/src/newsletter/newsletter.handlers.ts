import { subscribeNewsletter } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { NewsletterService } from './newsletter.service.js';

export const NewsletterHandlers = requestHandlers(NewsletterService, (answer) => [
  answer(subscribeNewsletter, (newsletter, { actor, data }) => newsletter.subscribe(actor, data)),
]);
