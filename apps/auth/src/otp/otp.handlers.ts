import { sendOtp, verifyOtp } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { OtpService } from './otp.service.js';

export const OtpHandlers = requestHandlers(OtpService, (answer) => [
  answer(sendOtp, (otp, { actor, data }) => otp.send(actor, data)),
  answer(verifyOtp, (otp, { actor, data }) => otp.verify(actor, data)),
]);
