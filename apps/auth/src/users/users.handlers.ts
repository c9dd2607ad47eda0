import {
  getUser,
  type ReplyOf,
  type RequestEnvelopeOf,
  recoverPassword,
  signUp,
  updateUser,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersService } from './users.service.js';

@Controller()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(signUp.subject)
  signUp(@Payload() { actor, data }: RequestEnvelopeOf<typeof signUp>): Promise<ReplyOf<typeof signUp>> {
    return this.users.signUp(actor, data);
  }

  @MessagePattern(getUser.subject)
  get(@Payload() { actor }: RequestEnvelopeOf<typeof getUser>): Promise<ReplyOf<typeof getUser>> {
    return this.users.get(actor);
  }

  @MessagePattern(updateUser.subject)
  update(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof updateUser>,
  ): Promise<ReplyOf<typeof updateUser>> {
    return this.users.update(actor, data);
  }

  @MessagePattern(recoverPassword.subject)
  recover(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof recoverPassword>,
  ): Promise<ReplyOf<typeof recoverPassword>> {
    return this.users.recover(actor, data);
  }
}
