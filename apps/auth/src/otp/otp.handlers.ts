import { type ReplyOf, type RequestEnvelopeOf, sendOtp, verifyOtp } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OtpService } from './otp.service.js';

@Controller()
export class OtpHandlers {
  constructor(private readonly otp: OtpService) {}

  @MessagePattern(sendOtp.subject)
  send(@Payload() { actor, data }: RequestEnvelopeOf<typeof sendOtp>): Promise<ReplyOf<typeof sendOtp>> {
    return this.otp.send(actor, data);
  }

  @MessagePattern(verifyOtp.subject)
  verify(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof verifyOtp>,
  ): Promise<ReplyOf<typeof verifyOtp>> {
    return this.otp.verify(actor, data);
  }
}
