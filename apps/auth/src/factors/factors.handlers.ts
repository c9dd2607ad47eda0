import {
  challengeFactor,
  enrollFactor,
  listFactors,
  type ReplyOf,
  type RequestEnvelopeOf,
  unenrollFactor,
  verifyFactor,
  verifyRecoveryCode,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FactorsService } from './factors.service.js';
import { MfaChallengesService } from './mfa-challenges.service.js';

@Controller()
export class FactorsHandlers {
  constructor(
    private readonly factors: FactorsService,
    private readonly challenges: MfaChallengesService,
  ) {}

  @MessagePattern(enrollFactor.subject)
  enroll(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof enrollFactor>,
  ): Promise<ReplyOf<typeof enrollFactor>> {
    return this.factors.enroll(actor, data);
  }

  @MessagePattern(listFactors.subject)
  list(@Payload() { actor }: RequestEnvelopeOf<typeof listFactors>): Promise<ReplyOf<typeof listFactors>> {
    return this.factors.list(actor);
  }

  @MessagePattern(unenrollFactor.subject)
  unenroll(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof unenrollFactor>,
  ): Promise<ReplyOf<typeof unenrollFactor>> {
    return this.factors.unenroll(actor, data.factorId);
  }

  @MessagePattern(challengeFactor.subject)
  challenge(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof challengeFactor>,
  ): Promise<ReplyOf<typeof challengeFactor>> {
    return this.challenges.challenge(actor, data);
  }

  @MessagePattern(verifyFactor.subject)
  verify(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof verifyFactor>,
  ): Promise<ReplyOf<typeof verifyFactor>> {
    return this.challenges.verify(actor, data);
  }

  @MessagePattern(verifyRecoveryCode.subject)
  verifyRecoveryCode(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof verifyRecoveryCode>,
  ): Promise<ReplyOf<typeof verifyRecoveryCode>> {
    return this.challenges.verifyRecoveryCode(actor, data);
  }
}
