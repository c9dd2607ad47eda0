import * as adminOverview from './admin/service-overview.js';
import * as authAdminUsers from './auth/admin-users.js';
import * as authRequests from './auth/auth.requests.js';
import * as authFactors from './auth/factors.js';
import * as newsletter from './auth/newsletter.js';
import * as billing from './billing/billing.js';
import type {
  AnyContract,
  EventContract,
  JobContract,
  LiveContract,
  RequestContract,
} from './common/define.js';
import * as mediaFriendLinks from './media/friend-links.js';
import * as mediaPendingPhotos from './media/pending-photos.js';
import * as mediaPhotoEdits from './media/photo-edits.js';
import * as mediaPhotoRows from './media/photo-rows.js';
import * as mediaPhotos from './media/photos.js';
import * as projectsAdminUserProjects from './projects/admin-user-projects.js';
import * as projectsProbe from './projects/probe.js';
import * as projects from './projects/projects.js';
import * as renderMusic from './render/music.js';
import * as renderMusicUrls from './render/music-urls.js';
import * as renders from './render/renders.js';
import * as sharingProbe from './sharing/probe.js';
import * as sharingShares from './sharing/shares.js';

/** Every contract on the bus. Add new modules here; docs/events.asyncapi.yaml is generated from it. */
const modules = [
  adminOverview,
  authAdminUsers,
  authRequests,
  authFactors,
  billing,
  newsletter,
  mediaFriendLinks,
  mediaPhotoEdits,
  mediaPendingPhotos,
  mediaPhotoRows,
  mediaPhotos,
  projectsAdminUserProjects,
  projectsProbe,
  projects,
  renderMusic,
  renderMusicUrls,
  renders,
  sharingProbe,
  sharingShares,
];

function isContract(value: unknown): value is AnyContract {
  return typeof value === 'object' && value !== null && 'kind' in value && 'subject' in value;
}

export const catalogue: readonly AnyContract[] = modules
  .flatMap((m) => Object.values(m).filter(isContract))
  .sort((a, b) => a.subject.localeCompare(b.subject));

const bySubject = new Map<string, AnyContract>();
for (const contract of catalogue) {
  if (bySubject.has(contract.subject)) throw new Error(`Subject ${contract.subject} is defined twice`);
  bySubject.set(contract.subject, contract);
}

export function contractFor(subject: string): AnyContract | undefined {
  return bySubject.get(subject);
}
export const requestContracts = catalogue.filter((c): c is RequestContract => c.kind === 'request');
export const eventContracts = catalogue.filter((c): c is EventContract => c.kind === 'event');
export const jobContracts = catalogue.filter((c): c is JobContract => c.kind === 'job');
export const liveContracts = catalogue.filter((c): c is LiveContract => c.kind === 'live');
