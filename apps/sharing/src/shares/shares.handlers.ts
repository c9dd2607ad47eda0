import {
  createShare,
  deleteShare,
  getShareByProject,
  getSharedVideo,
  listShares,
  recordShareView,
  updateShare,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { SharesService } from './shares.service.js';

export const SharesHandlers = requestHandlers(SharesService, (answer) => [
  answer(getShareByProject, async (shares, { actor, data }) => ({
    share: await shares.getByProject(actor, data.projectId),
  })),
  answer(listShares, async (shares, { actor }) => ({ shares: await shares.list(actor) })),
  answer(createShare, (shares, { actor, data }) => shares.create(actor, data.projectId, data.settings)),
  answer(updateShare, (shares, { actor, data }) => shares.update(actor, data.id, data.settings)),
  answer(deleteShare, (shares, { actor, data }) => shares.delete(actor, data.id)),
  answer(getSharedVideo, (shares, { data }) => shares.getPublic(data.id)),
  answer(recordShareView, (shares, { data }) => shares.recordView(data.id, data.viewerKey, data.ipKey)),
]);
