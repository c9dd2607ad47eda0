import { issueBotChallenge, type ReplyOf } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { BotCheck } from './bot-check.js';

@Controller()
export class BotCheckHandlers {
  constructor(private readonly botCheck: BotCheck) {}

  /** Anyone may ask for a challenge: solving it is the proof. */
  @MessagePattern(issueBotChallenge.subject)
  challenge(): Promise<ReplyOf<typeof issueBotChallenge>> {
    return this.botCheck.challenge();
  }
}
