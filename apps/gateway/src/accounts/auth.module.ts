import { GUEST, getJwks } from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { LiveSessions } from '../live/live-sessions.js';
import { AccessTokenGuard } from './access-token.guard.js';
import { AccessTokenVerifier } from './access-token.js';
import { AuthController } from './auth.controller.js';
import { FactorsController } from './factors.controller.js';
import { MeResolver } from './me.resolver.js';

/** The gateway's accounts layer: `/auth/v1` (with its two-factor `/factors`), the `me` query, and the actor of every request. */
@Module({
  controllers: [AuthController, FactorsController],
  providers: [
    {
      provide: AccessTokenVerifier,
      inject: [BusClient],
      useFactory: (bus: BusClient) => new AccessTokenVerifier(() => bus.request(getJwks, GUEST, {})),
    },
    { provide: LiveSessions, inject: [BusClient], useFactory: (bus: BusClient) => new LiveSessions(bus) },
    { provide: APP_GUARD, useClass: AccessTokenGuard },
    MeResolver,
  ],
  exports: [AccessTokenVerifier, LiveSessions],
})
export class AuthModule {}
