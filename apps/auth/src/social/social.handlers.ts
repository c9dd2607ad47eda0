import { completeSocialSignIn, listSocialProviders, startSocialSignIn } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { SocialService } from './social.service.js';

export const SocialHandlers = requestHandlers(SocialService, (answer) => [
  answer(listSocialProviders, (social, { actor }) => social.listProviders(actor)),
  answer(startSocialSignIn, (social, { actor, data }) => social.start(actor, data)),
  answer(completeSocialSignIn, (social, { actor, data }) => social.complete(actor, data)),
]);
