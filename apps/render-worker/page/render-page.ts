import { MemoreelVideo, videoMetadata } from '@memoreel/video';
import { renderMediaOnWeb } from '@remotion/web-renderer';
import {
  PAGE_RENDER_FUNCTION,
  type PageChunkJob,
  type PageChunkResult,
} from '../src/render-page-protocol.js';
import { reuseFrameCanvases } from './frame-canvases.js';
import { frameCopier } from './frame-copies.js';

/** For every chunk this page renders: the frames are composed on canvases used again (see there). */
const canvases = reuseFrameCanvases(window);
/** …and handed to the encoder as copies, so the canvases are not shared while they are drawn on (see there). */
const frames = frameCopier();

/**
 * The page the render worker opens in its Chromium: renders one chunk of the composition with
 * Remotion's web renderer (canvas + WebCodecs) and uploads the MP4 to the worker's loopback server.
 * Muted: the worker mixes the music once, after joining the chunks.
 */
async function renderChunk(job: PageChunkJob): Promise<PageChunkResult> {
  const started = performance.now();
  const { getBlob, internalState } = await renderMediaOnWeb({
    composition: {
      id: 'memoreel',
      component: MemoreelVideo,
      // Its length, rate and frame (16:9, 1:1 or 9:16) follow from the props.
      ...videoMetadata(job.props),
    },
    inputProps: job.props,
    frameRange: job.frameRange,
    container: 'mp4',
    videoCodec: 'h264',
    videoBitrate: job.videoBitrate,
    muted: true,
    licenseKey: job.licenseKey,
    // Nobody interacts with this page: don't yield to keep it responsive.
    pageResponsiveness: 'disabled',
    logLevel: 'error',
    onFrame: async (frame: VideoFrame) => {
      // The renderer closes its own frame once it has the copy: the canvases are free again.
      const copy = await frames.copy(frame);
      canvases.frameDone();
      return copy;
    },
  });
  const blob = await getBlob();
  const rendered = performance.now();
  const response = await fetch(job.uploadUrl, { method: 'PUT', body: blob });
  if (!response.ok)
    throw new Error(`Uploading the chunk failed: ${response.status} ${await response.text()}`);
  return {
    bytes: blob.size,
    renderMs: rendered - started,
    uploadMs: performance.now() - rendered,
    phasesMs: {
      waitForReady: internalState.getWaitForReadyTime(),
      createFrame: internalState.getCreateFrameTime(),
      addSample: internalState.getAddSampleTime(),
    },
  };
}

Object.assign(window, { [PAGE_RENDER_FUNCTION]: renderChunk });
