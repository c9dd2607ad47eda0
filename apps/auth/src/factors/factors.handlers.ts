import {
  challengeFactor,
  enrollFactor,
  listFactors,
  unenrollFactor,
  verifyFactor,
  verifyRecoveryCode,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { FactorsService } from './factors.service.js';
import { MfaChallengesService } from './mfa-challenges.service.js';

export const FactorsHandlers = requestHandlers(
  { factors: FactorsService, challenges: MfaChallengesService },
  (answer) => [
    answer(enrollFactor, ({ factors }, { actor, data }) => factors.enroll(actor, data)),
    answer(listFactors, ({ factors }, { actor }) => factors.list(actor)),
    answer(unenrollFactor, ({ factors }, { actor, data }) => factors.unenroll(actor, data.factorId)),
    answer(challengeFactor, ({ challenges }, { actor, data }) => challenges.challenge(actor, data)),
    answer(verifyFactor, ({ challenges }, { actor, data }) => challenges.verify(actor, data)),
    answer(verifyRecoveryCode, ({ challenges }, { actor, data }) =>
      challenges.verifyRecoveryCode(actor, data),
    ),
  ],
);
