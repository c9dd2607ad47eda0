import { getJwks } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { SigningKeys } from './signing-keys.service.js';

export const KeysHandlers = requestHandlers(SigningKeys, (answer) => [
  // Public by nature: the gateway (and anyone) verifies access tokens with these keys.
  answer(getJwks, (keys) => keys.jwks()),
]);
