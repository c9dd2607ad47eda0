import { getJwks, type ReplyOf } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SigningKeys } from './signing-keys.service.js';

@Controller()
export class KeysHandlers {
  constructor(private readonly keys: SigningKeys) {}

  /** Public by nature: the gateway (and anyone) verifies access tokens with these keys. */
  @MessagePattern(getJwks.subject)
  jwks(): Promise<ReplyOf<typeof getJwks>> {
    return this.keys.jwks();
  }
}
