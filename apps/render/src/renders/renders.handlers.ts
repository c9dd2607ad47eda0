import { getChunkPhotos, getRenderProgress, listRenders, startRender } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { RendersService } from './renders.service.js';

export const RendersHandlers = requestHandlers(RendersService, (answer) => [
  answer(startRender, (renders, { actor, data }) => renders.start(actor, data.projectId)),
  answer(getRenderProgress, (renders, { actor, data }) => renders.progress(actor, data.renderId)),
  answer(getChunkPhotos, (renders, { actor, data }) => renders.chunkPhotos(actor, data.renderId)),
  answer(listRenders, async (renders, { actor, data }) => ({
    renders: await renders.list(actor, data.projectId),
  })),
]);
