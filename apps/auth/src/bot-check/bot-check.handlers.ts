import { issueBotChallenge } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { BotCheck } from './bot-check.js';

export const BotCheckHandlers = requestHandlers(BotCheck, (answer) => [
  // Anyone may ask for a challenge: solving it is the proof.
  answer(issueBotChallenge, (botCheck) => botCheck.challenge()),
]);
