import {
  applyPhotoEdit,
  checkPhotoEditWanted,
  discardPhotoEdit,
  getPhotoEdit,
  startPhotoEdit,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { PhotoEditsService } from './photo-edits.service.js';

export const PhotoEditsHandlers = requestHandlers(PhotoEditsService, (answer) => [
  answer(startPhotoEdit, (edits, { actor, data }) => edits.start(actor, data.photoId, data.kind)),
  answer(getPhotoEdit, (edits, { actor, data }) => edits.get(actor, data.id)),
  answer(applyPhotoEdit, (edits, { actor, data }) => edits.apply(actor, data.id)),
  answer(discardPhotoEdit, async (edits, { actor, data }) => ({
    discarded: await edits.discard(actor, data.id),
  })),
  answer(checkPhotoEditWanted, async (edits, { actor, data }) => ({
    wanted: await edits.wanted(actor, data.editId),
  })),
]);
