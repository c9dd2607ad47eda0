import type { RenderingReply, RenderingRequest } from './child-process-rendering.js';
import { InProcessRendering, RendererUnavailableError } from './rendering.js';

// The render process of standalone mode: one Chromium, driven by its parent over IPC.
const rendering = new InProcessRendering({
  chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  licenseKey: process.env.REMOTION_LICENSE_KEY || null,
});

process.on('message', async (request: RenderingRequest) => {
  let reply: RenderingReply;
  try {
    if (request.op === 'chunk') {
      const { renderMs } = await rendering.renderChunk(request.chunk, request.output, {});
      reply = { id: request.id, ok: true, renderMs };
    } else if (request.op === 'music') {
      await rendering.mixMusic(request.music, request.frames, request.output);
      reply = { id: request.id, ok: true };
    } else {
      await rendering.stitch(request.chunks, request.music, request.output, request.audio);
      reply = { id: request.id, ok: true };
    }
  } catch (error) {
    reply = {
      id: request.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      unavailable: error instanceof RendererUnavailableError,
    };
  }
  process.send?.(reply);
});

// The parent going away (or asking) ends Chromium with us.
const stop = () => void rendering.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('disconnect', stop);
