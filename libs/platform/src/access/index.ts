export {
  AUTHENTICATION_REQUIRED,
  ownedOrNotFound,
  ownerActor,
  requireSignedIn,
  requireSystem,
  SYSTEM_ONLY,
} from './actor-access.js';
export { ProjectsLookup } from './projects-lookup.js';
export { passRemoteErrors } from './remote-errors.js';
export { stableUuid } from './stable-id.js';
