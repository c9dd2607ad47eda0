import {
  type ReplyOf,
  type RequestEnvelopeOf,
  refreshSession,
  signInAnonymously,
  signInWithPassword,
  signOut,
  signOutByRefreshToken,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SessionsService } from './sessions.service.js';

@Controller()
export class SessionsHandlers {
  constructor(private readonly sessions: SessionsService) {}

  @MessagePattern(signInWithPassword.subject)
  signInWithPassword(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof signInWithPassword>,
  ): Promise<ReplyOf<typeof signInWithPassword>> {
    return this.sessions.signInWithPassword(actor, data);
  }

  @MessagePattern(signInAnonymously.subject)
  signInAnonymously(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof signInAnonymously>,
  ): Promise<ReplyOf<typeof signInAnonymously>> {
    return this.sessions.signInAnonymously(actor, data);
  }

  @MessagePattern(refreshSession.subject)
  refresh(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof refreshSession>,
  ): Promise<ReplyOf<typeof refreshSession>> {
    return this.sessions.refresh(actor, data);
  }

  @MessagePattern(signOut.subject)
  signOut(@Payload() { actor, data }: RequestEnvelopeOf<typeof signOut>): Promise<ReplyOf<typeof signOut>> {
    return this.sessions.signOut(actor, data.scope);
  }

  @MessagePattern(signOutByRefreshToken.subject)
  signOutByRefreshToken(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof signOutByRefreshToken>,
  ): Promise<ReplyOf<typeof signOutByRefreshToken>> {
    return this.sessions.signOutByRefreshToken(actor, data);
  }
}
