export { AUTHENTICATION_REQUIRED, ownedOrNotFound, requireSignedIn } from './actor-access.js';
export { ProjectsLookup } from './projects-lookup.js';
export { passRemoteErrors } from './remote-errors.js';
export { stableUuid } from './stable-id.js';
