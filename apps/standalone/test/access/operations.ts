import { randomUUID } from 'node:crypto';
import { INVALID_UPLOAD_LINK, renderMessages } from '@memoreel/contracts';
import { photoEditMessages, photoMessages, projectMessages, shareMessages } from '@memoreel/domain';

/**
 * Every GraphQL operation that takes an id, sorted by what the access rule says of it. The spec
 * reads the gateway's schema and fails while an operation taking an ID is in none of these tables.
 */

/** A user's resources, as the attacker names them: the owner's ids, or random ones. */
export type Target = {
  projectId: string;
  photoId: string;
  renderId: string;
  shareId: string;
  linkId: string;
  editId: string;
};
export type Resource = 'project' | 'photo' | 'render' | 'share' | 'link' | 'edit';

/** What anyone but the owner hears about each, exactly as for an id that names nothing. */
export const NOT_FOUND: Record<Resource, string> = {
  project: projectMessages.notFound,
  photo: photoMessages.photoNotFound,
  render: renderMessages.renderNotFound,
  share: shareMessages.shareNotFound,
  link: INVALID_UPLOAD_LINK,
  edit: photoEditMessages.editNotFound,
};

export type Call = { query: string; variables: (target: Target) => Record<string, unknown> };
/** `perItem`: a batch that answers each id on its own, with the resource's not-found message as its error. */
export type Attack = Call & { resource: Resource; perItem?: true };

const file = { name: 'mine.jpg', size: 1000, contentType: 'image/jpeg' };
const still = { rotate: 0, scale: 1, translateX: 0, translateY: 0 };

/** Requests and mutations on one user's resource, keyed `Type.field` as in the schema. */
export const ATTACKS: Record<string, Attack> = {
  'Query.project': {
    resource: 'project',
    query: 'query ($id: ID!) { project(id: $id) { id } }',
    variables: (t) => ({ id: t.projectId }),
  },
  'Query.photos': {
    resource: 'project',
    query: 'query ($projectId: ID!) { photos(projectId: $projectId) { id } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Query.photoQuota': {
    resource: 'project',
    query: 'query ($projectId: ID!) { photoQuota(projectId: $projectId) { count } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Query.pendingPhotos': {
    resource: 'project',
    query: 'query ($projectId: ID!) { pendingPhotos(projectId: $projectId) { id } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Query.friendLinks': {
    resource: 'project',
    query: 'query ($projectId: ID!) { friendLinks(projectId: $projectId) { id } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Query.projectShare': {
    resource: 'project',
    query: 'query ($projectId: ID!) { projectShare(projectId: $projectId) { id } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Query.renders': {
    resource: 'project',
    query: 'query ($projectId: ID!) { renders(projectId: $projectId) { renderId } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Query.upgradeOptions': {
    resource: 'project',
    query: 'query ($projectId: ID!) { upgradeOptions(projectId: $projectId) { currentTier } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Query.renderProgress': {
    resource: 'render',
    query: 'query ($renderId: ID!) { renderProgress(renderId: $renderId) { renderId } }',
    variables: (t) => ({ renderId: t.renderId }),
  },
  'Query.photoEdit': {
    resource: 'edit',
    query: 'query ($id: ID!) { photoEdit(id: $id) { id } }',
    variables: (t) => ({ id: t.editId }),
  },
  'Mutation.renameProject': {
    resource: 'project',
    query: 'mutation ($id: ID!) { renameProject(id: $id, name: "Mine now") { id } }',
    variables: (t) => ({ id: t.projectId }),
  },
  'Mutation.updateVideoSettings': {
    resource: 'project',
    query: 'mutation ($id: ID!) { updateVideoSettings(id: $id, settings: { durationPerPhoto: 5 }) { id } }',
    variables: (t) => ({ id: t.projectId }),
  },
  'Mutation.deleteProject': {
    resource: 'project',
    query: 'mutation ($id: ID!) { deleteProject(id: $id) { id } }',
    variables: (t) => ({ id: t.projectId }),
  },
  'Mutation.requestPhotoUploads': {
    resource: 'project',
    query: `mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) {
      requestPhotoUploads(projectId: $projectId, files: $files) { skipped }
    }`,
    variables: (t) => ({ projectId: t.projectId, files: [file] }),
  },
  'Mutation.completePhotoUploads': {
    resource: 'photo',
    perItem: true,
    query: `mutation ($projectId: ID!, $uploadIds: [ID!]!) {
      completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { error }
    }`,
    variables: (t) => ({ projectId: t.projectId, uploadIds: [t.photoId] }),
  },
  'Mutation.deletePhotos': {
    resource: 'project',
    query: 'mutation ($projectId: ID!, $ids: [ID!]!) { deletePhotos(projectId: $projectId, ids: $ids) }',
    variables: (t) => ({ projectId: t.projectId, ids: [t.photoId] }),
  },
  'Mutation.reorderPhoto': {
    resource: 'project',
    query: 'mutation ($projectId: ID!) { reorderPhoto(projectId: $projectId, from: 0, to: 1) { id } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Mutation.acceptPendingPhotos': {
    resource: 'project',
    query:
      'mutation ($projectId: ID!, $ids: [ID!]!) { acceptPendingPhotos(projectId: $projectId, ids: $ids) }',
    variables: (t) => ({ projectId: t.projectId, ids: [t.photoId] }),
  },
  'Mutation.rejectPendingPhotos': {
    resource: 'project',
    query:
      'mutation ($projectId: ID!, $ids: [ID!]!) { rejectPendingPhotos(projectId: $projectId, ids: $ids) }',
    variables: (t) => ({ projectId: t.projectId, ids: [t.photoId] }),
  },
  'Mutation.setPhotoFilter': {
    resource: 'photo',
    query: 'mutation ($id: ID!) { setPhotoFilter(id: $id, filter: "sepia") { id } }',
    variables: (t) => ({ id: t.photoId }),
  },
  'Mutation.setPhotoTransforms': {
    resource: 'photo',
    query: `mutation ($id: ID!, $transforms: PhotoTransformsInput!) {
      setPhotoTransforms(id: $id, transforms: $transforms) { id }
    }`,
    variables: (t) => ({ id: t.photoId, transforms: { start: still, end: still } }),
  },
  'Mutation.setPhotoCaption': {
    resource: 'photo',
    query: `mutation ($id: ID!, $caption: PhotoCaptionInput) {
      setPhotoCaption(id: $id, caption: $caption) { id }
    }`,
    variables: (t) => ({ id: t.photoId, caption: { text: 'Rose', placement: 'bottom' } }),
  },
  'Mutation.startPhotoEdit': {
    resource: 'photo',
    query: 'mutation ($photoId: ID!) { startPhotoEdit(photoId: $photoId, kind: ENHANCE) { id } }',
    variables: (t) => ({ photoId: t.photoId }),
  },
  'Mutation.applyPhotoEdit': {
    resource: 'edit',
    query: 'mutation ($id: ID!) { applyPhotoEdit(id: $id) { id } }',
    variables: (t) => ({ id: t.editId }),
  },
  'Mutation.discardPhotoEdit': {
    resource: 'edit',
    query: 'mutation ($id: ID!) { discardPhotoEdit(id: $id) }',
    variables: (t) => ({ id: t.editId }),
  },
  'Mutation.createFriendLink': {
    resource: 'project',
    query: 'mutation ($projectId: ID!) { createFriendLink(input: { projectId: $projectId }) { id } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Mutation.deactivateFriendLink': {
    resource: 'link',
    query: 'mutation ($id: ID!) { deactivateFriendLink(id: $id) { id } }',
    variables: (t) => ({ id: t.linkId }),
  },
  'Mutation.createShare': {
    resource: 'project',
    query:
      'mutation ($projectId: ID!) { createShare(projectId: $projectId, settings: { shareTitle: "Mine now" }) { id } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Mutation.updateShare': {
    resource: 'share',
    query: 'mutation ($id: ID!) { updateShare(id: $id, settings: { shareTitle: "Mine now" }) { id } }',
    variables: (t) => ({ id: t.shareId }),
  },
  'Mutation.deleteShare': {
    resource: 'share',
    query: 'mutation ($id: ID!) { deleteShare(id: $id) { id } }',
    variables: (t) => ({ id: t.shareId }),
  },
  'Mutation.purchaseUpgrade': {
    resource: 'project',
    query:
      'mutation ($projectId: ID!) { purchaseUpgrade(projectId: $projectId, productId: "honor") { url } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Mutation.startRender': {
    resource: 'project',
    query: 'mutation ($projectId: ID!) { startRender(projectId: $projectId) { renderId } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
};

/** Pushed changes of one user's resource: another's subscription to them stays silent. */
export const LIVE: Record<string, Attack> = {
  'Subscription.renderProgress': {
    resource: 'render',
    query: 'subscription ($projectId: ID!) { renderProgress(projectId: $projectId) { renderId } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Subscription.photoEditChanged': {
    resource: 'edit',
    query: 'subscription ($id: ID!) { photoEditChanged(id: $id) { id } }',
    variables: (t) => ({ id: t.editId }),
  },
};

/** Role gates: admins only, whatever the id names. They answer FORBIDDEN; they are not another's resource. */
export const ADMIN_ONLY: Record<string, Call> = {
  'Query.adminAuditLog': {
    query: 'query ($userId: ID) { adminAuditLog(userId: $userId) { action } }',
    variables: () => ({ userId: randomUUID() }),
  },
  'Mutation.adminSetProjectTier': {
    query:
      'mutation ($projectId: ID!) { adminSetProjectTier(projectId: $projectId, tier: "cherish") { id } }',
    variables: (t) => ({ projectId: t.projectId }),
  },
  'Mutation.setUserSignInDisabled': {
    query: 'mutation ($userId: ID!) { setUserSignInDisabled(userId: $userId, disabled: true) { id } }',
    variables: () => ({ userId: randomUUID() }),
  },
  'Mutation.completeMusicUploads': {
    query: `mutation ($uploads: [MusicUploadInput!]!) { completeMusicUploads(uploads: $uploads) { error } }`,
    variables: () => ({ uploads: [{ uploadId: randomUUID(), name: 'song.mp3' }] }),
  },
  'Mutation.renameMusicTrack': {
    query: 'mutation ($id: ID!) { renameMusicTrack(id: $id, title: "Mine now") { id } }',
    variables: () => ({ id: randomUUID() }),
  },
  'Mutation.setMusicTrackPublic': {
    query: 'mutation ($id: ID!) { setMusicTrackPublic(id: $id, isPublic: true) { id } }',
    variables: () => ({ id: randomUUID() }),
  },
  'Mutation.deleteMusicTrack': {
    query: 'mutation ($id: ID!) { deleteMusicTrack(id: $id) }',
    variables: () => ({ id: randomUUID() }),
  },
};

/** Ids that name no user's resource, or that are the capability themselves: why each is left out. */
export const NOT_A_USERS_RESOURCE: Record<string, string> = {
  'Query.probe': "a probe's id is the caller's own secret (the system check)",
  'Mutation.recordProbe': "a probe's id is the caller's own secret (the system check)",
  'Subscription.probeCompleted': "a probe's id is the caller's own secret (the system check)",
  'Query.sharedVideo': "public: a share's link is for anyone to watch",
  'Mutation.recordShareView': "public: a share's link is for anyone to watch",
  'Query.friendUploadLink': 'public: whoever holds an upload link may add photos through it (spec §7)',
  'Mutation.requestFriendPhotoUploads': 'public: whoever holds an upload link may add photos through it',
  'Mutation.completeFriendPhotoUploads': 'public: whoever holds an upload link may add photos through it',
};
