export { AUTHENTICATION_REQUIRED, ownedOrNotFound, ownerActor, requireSignedIn } from './actor-access.js';
export { ProjectsLookup } from './projects-lookup.js';
export { passRemoteErrors } from './remote-errors.js';
export { stableUuid } from './stable-id.js';
