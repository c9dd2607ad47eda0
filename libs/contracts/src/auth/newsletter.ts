import { NEWSLETTER_EMAIL_MAX_LENGTH } from '@memoreel/domain';
import { z } from 'zod';
import { defineRequest } from '../common/define.js';
import { ClientSchema } from './auth.model.js';

/** Room for control characters the service strips before its own check (`checkNewsletterEmail`). */
const RAW_EMAIL_MAX_LENGTH = NEWSLETTER_EMAIL_MAX_LENGTH * 4;

export const subscribeNewsletter = defineRequest('auth.newsletter.subscribe', {
  summary:
    'Subscribes an address to the newsletter (rate limited per IP); subscribing again is a success. ' +
    "Invalid addresses are refused with the spec's message (validation_failed).",
  request: z.object({
    client: ClientSchema,
    /** As typed; the service cleans and checks it with the domain's newsletter rules. */
    email: z.string().max(RAW_EMAIL_MAX_LENGTH),
  }),
  reply: z.object({ success: z.literal(true) }),
});
