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

/** The object URL of the chunk last handed over: kept until the next, so its download can read it. */
let handedOver: string | null = null;

/**
 * The page the render worker opens in its Chromium: renders one chunk of the composition with
 * Remotion's web renderer (canvas + WebCodecs) and hands the MP4 to the worker as a download.
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
    // The MP4 is built in memory: written to the origin's private file system instead (the renderer's
    // default where it can), a chunk went to disk twice before its download wrote it a third time.
    outputTarget: 'arraybuffer',
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
  handOver(blob);
  return {
    bytes: blob.size,
    renderMs: performance.now() - started,
    phasesMs: {
      waitForReady: internalState.getWaitForReadyTime(),
      createFrame: internalState.getCreateFrameTime(),
      addSample: internalState.getAddSampleTime(),
    },
  };
}

/**
 * The MP4 leaves the page as a download of its blob, which Chromium writes to disk itself: a PUT to the
 * loopback server would pass through the worker's request router, which sees every request's body (a
 * 12 MB chunk took 1.5–2.4 s that way, a download 0.06–0.09 s).
 */
function handOver(blob: Blob): void {
  if (handedOver) URL.revokeObjectURL(handedOver);
  handedOver = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = handedOver;
  link.download = 'chunk.mp4';
  link.click();
}

Object.assign(window, { [PAGE_RENDER_FUNCTION]: renderChunk });
