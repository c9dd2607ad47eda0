import { getUser, recoverPassword, signUp, updateUser } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { UsersService } from './users.service.js';

export const UsersHandlers = requestHandlers(UsersService, (answer) => [
  answer(signUp, (users, { actor, data }) => users.signUp(actor, data)),
  answer(getUser, (users, { actor }) => users.get(actor)),
  answer(updateUser, (users, { actor, data }) => users.update(actor, data)),
  answer(recoverPassword, (users, { actor, data }) => users.recover(actor, data)),
]);
