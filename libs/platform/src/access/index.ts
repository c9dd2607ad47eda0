export { AUTHENTICATION_REQUIRED, ownedOrNotFound, requireSignedIn } from './actor-access.js';
export { passRemoteErrors } from './remote-errors.js';
export { stableUuid } from './stable-id.js';
