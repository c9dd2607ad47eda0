import {
  type Actor,
  challengeFactor,
  enrollFactor,
  type Factor,
  listFactors,
  type ReplyOf,
  unenrollFactor,
  verifyFactor,
  verifyRecoveryCode,
} from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  UseFilters,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { clientOf } from '../http/client.js';
import { CurrentActor } from '../http/current-actor.js';
import { ZodPipe } from '../http/zod-pipe.js';
import { AllowsSecondFactorPending } from './access-token.guard.js';
import { AuthHttpErrorFilter } from './auth-http-error.js';
import { deliverSession, type PublicSession } from './session-cookie.js';

const FactorId = new ZodPipe(z.uuid());
const EnrollBody = enrollFactor.request;
const VerifyFactorBody = verifyFactor.request.pick({ challengeId: true, code: true });
const RecoveryCodeBody = verifyRecoveryCode.request.omit({ client: true });

/**
 * Two-factor sign-in over HTTP (docs/auth-api.md § Two-factor; decision 0027), GoTrue's
 * `/factors` routes. A session that still owes its second factor may only challenge and verify
 * here (and read its user, and sign out): AccessTokenGuard refuses it everywhere else.
 */
@Controller('auth/v1/factors')
@UseFilters(AuthHttpErrorFilter)
export class FactorsController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  enroll(
    @CurrentActor() actor: Actor,
    @Body(new ZodPipe(EnrollBody)) body: z.output<typeof EnrollBody>,
  ): Promise<ReplyOf<typeof enrollFactor>> {
    return this.bus.request(enrollFactor, actor, body);
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  list(@CurrentActor() actor: Actor): Promise<{ factors: Factor[] }> {
    return this.bus.request(listFactors, actor, {});
  }

  @Delete(':id')
  @Header('Cache-Control', 'no-store')
  unenroll(@CurrentActor() actor: Actor, @Param('id', FactorId) factorId: string): Promise<{ id: string }> {
    return this.bus.request(unenrollFactor, actor, { factorId });
  }

  @Post('recovery-code')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @AllowsSecondFactorPending()
  async verifyRecoveryCode(
    @CurrentActor() actor: Actor,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodPipe(RecoveryCodeBody)) body: z.output<typeof RecoveryCodeBody>,
  ): Promise<{ session: PublicSession; recoveryCodesLeft: number }> {
    const answer = await this.bus.request(verifyRecoveryCode, actor, { ...body, client: clientOf(req) });
    return { session: deliverSession(req, res, answer.session), recoveryCodesLeft: answer.recoveryCodesLeft };
  }

  @Post(':id/challenge')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @AllowsSecondFactorPending()
  challenge(
    @CurrentActor() actor: Actor,
    @Req() req: Request,
    @Param('id', FactorId) factorId: string,
  ): Promise<ReplyOf<typeof challengeFactor>> {
    return this.bus.request(challengeFactor, actor, { factorId, client: clientOf(req) });
  }

  /** A right code: the session is aal2 now, its new tokens in the answer and the cookie. */
  @Post(':id/verify')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @AllowsSecondFactorPending()
  async verify(
    @CurrentActor() actor: Actor,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('id', FactorId) factorId: string,
    @Body(new ZodPipe(VerifyFactorBody)) body: z.output<typeof VerifyFactorBody>,
  ): Promise<{ session: PublicSession; recoveryCodes: string[] | null }> {
    const answer = await this.bus.request(verifyFactor, actor, { ...body, factorId, client: clientOf(req) });
    return { session: deliverSession(req, res, answer.session), recoveryCodes: answer.recoveryCodes };
  }
}
