import { VIDEO_TOO_LONG } from '@memoreel/domain';
import { z } from 'zod';
import { defineEvent, defineJob, defineLive, defineRequest } from '../common/define.js';

/** The composition's props (`MemoreelVideoPropsSchema` of @memoreel/video, which the worker checks them against). */
const VideoPropsSchema = z.record(z.string(), z.unknown());

/** Spec §4 "Render statuses", in the order a render moves through them. */
export const RENDER_STATUSES = [
  'pending',
  'queued',
  'preparing',
  'rendering',
  'encoding',
  'completed',
  'failed',
] as const;
export const RenderStatusSchema = z.enum(RENDER_STATUSES);
export type RenderStatus = z.infer<typeof RenderStatusSchema>;

/** Renders kept per project: the spec's list shows the latest 5; older files are deleted. */
export const RENDERS_KEPT_PER_PROJECT = 5;
/**
 * The bucket of renders: chunks under `renderChunkKey(hash)` (shared by every render drawing the same
 * frames), a render's mixed music under `renderAudioKey(renderId)` until its stitch, videos under
 * `videos/{projectId}/{renderId}.mp4`.
 */
export const RENDERS_BUCKET = 'renders';
export const renderChunkKey = (hash: string): string => `chunks/${hash}.mp4`;
export const renderAudioKey = (renderId: string): string => `audio/${renderId}.m4a`;
/** Signed download URLs live an hour, like photo URLs. */
export const RENDER_DOWNLOAD_URL_SECONDS = 3600;

/** The spec's texts (§7, §8) and the service's refusals. */
export const renderMessages = {
  missingData: 'Missing required data',
  upgradeRequired:
    'Free projects cannot generate videos. Upgrade your project to generate and download your video.',
  renderNotFound: 'Render not found',
  noChromium: 'The video renderer is not available on this server (Chromium not found)',
  failed: 'Generation failed. Please try again.',
  /** A render whose job was lost (its workers died on every try) or that made no progress for too long. */
  interrupted: 'The video stopped being made before it was finished. Please try again.',
} as const;

/**
 * Render jobs: a killed worker's job goes to another within 20 s (two missed heartbeats and then
 * some), while a live worker says it is working every 5 s, four times within the ack wait.
 */
export const RENDER_JOB_DELIVERY = { ackWaitMs: 20_000, heartbeatMs: 5_000 } as const;
export const renderErrorCodes = {
  upgradeRequired: 'UPGRADE_REQUIRED',
  videoTooLong: VIDEO_TOO_LONG,
} as const;

/** Spec §3 "Render status as read by the client". */
export const RenderProgressSchema = z.object({
  renderId: z.uuid(),
  projectId: z.uuid(),
  /** The project's owner, so a live push reaches only them. */
  userId: z.uuid(),
  status: RenderStatusSchema,
  /** 0–1. */
  progress: z.number().min(0).max(1),
  error: z.string().nullable(),
  /** Signed, served as `{project name}-{timestamp}.mp4`; only when completed (null in live pushes). */
  downloadUrl: z.string().nullable(),
  /** Seconds, from the chunks' pace so far; null until it can be told. */
  estimatedTimeRemaining: z.number().nonnegative().nullable(),
  createdAt: z.iso.datetime(),
  /** The video's frame in pixels: 1920 × 1080, 1080 × 1080 or 1080 × 1920 (its format's last video is kept); 16:9 from a service from before formats. */
  width: z.number().int().positive().default(1920),
  height: z.number().int().positive().default(1080),
});
export type RenderProgress = z.infer<typeof RenderProgressSchema>;

export const startRender = defineRequest('render.video.start', {
  summary:
    'Owner only. Starts rendering the project as it is now, or answers the completed render of the same version (photos, filters, transforms, order, settings, music) with reused=true. While some photos\' video derivatives are still being made the render waits for them (status pending, progress the share ready; one per project) and starts once they are, or fails with "Missing required data" when they stop coming. VALIDATION_FAILED "Missing required data" without photos; UPGRADE_REQUIRED for a free project; VIDEO_TOO_LONG (videoLengthMessages.tooLong) when the video (photos × seconds per photo, or as cut on the beat) passes the plan\'s minutes.',
  request: z.object({ projectId: z.uuid() }),
  reply: z.object({ renderId: z.uuid(), reused: z.boolean(), initialProgress: RenderProgressSchema }),
});

export const getRenderProgress = defineRequest('render.video.progress', {
  summary:
    'A render of the actor\'s project: its status, progress 0–1, estimate and (completed) signed download URL; NOT_FOUND "Render not found".',
  request: z.object({ renderId: z.uuid() }),
  reply: RenderProgressSchema,
});

export const listRenders = defineRequest('render.video.list', {
  summary:
    "The renders kept of the actor's project, newest first: the latest 5, and each format's last video (16:9, 1:1, 9:16) however old.",
  request: z.object({ projectId: z.uuid() }),
  reply: z.object({ renders: z.array(RenderProgressSchema) }),
});

export const getChunkPhotos = defineRequest('render.chunk.photos', {
  summary:
    "The render workers' (system actor) request when they take a chunk: the render's photo URLs in order, signed now (a photo URL lives an hour; a render may wait longer in the queue). A photo whose derivative changed since keeps the URL the render started with. NOT_FOUND when the render is gone.",
  request: z.object({ renderId: z.uuid() }),
  reply: z.object({ urls: z.array(z.string()) }),
});

export const ChunkJobSchema = z.object({
  renderId: z.uuid(),
  chunkIndex: z.number().int().nonnegative(),
  /** The chunk's content hash: its object key is `chunks/{hash}.mp4` in the renders bucket. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  frameRange: z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]),
  props: VideoPropsSchema,
  /**
   * Until when the photos' URLs in `props` may be drawn as they are; a job taken later (or without
   * it) asks render for URLs signed again (render.chunk.photos).
   */
  urlsFreshUntil: z.iso.datetime().optional(),
});

export const renderChunk = defineJob('render.chunk.render', {
  summary:
    "Renders one chunk of a video (frames from..to) in the worker's Chromium and uploads it as chunks/{hash}.mp4; answered by render-worker.chunk.rendered or render-worker.render.failed.",
  data: ChunkJobSchema,
  delivery: RENDER_JOB_DELIVERY,
});

export const mixAudio = defineJob('render.audio.mix', {
  summary:
    "Mixes a render's music over silence of the video's length and encodes it (AAC) while its chunks render, then stores it under audio/{renderId}.m4a for the stitch to take as it is. Best effort: a stitch that finds none mixes the music itself, so a failure only logs.",
  data: z.object({
    renderId: z.uuid(),
    /** The video's length in frames (the sum of its chunks'). */
    frames: z.number().int().positive(),
    props: VideoPropsSchema,
  }),
  delivery: RENDER_JOB_DELIVERY,
});

export const stitchVideo = defineJob('render.video.stitch', {
  summary:
    'Joins the rendered chunks in order with the music (the mix render.audio.mix stored, else mixed here) and uploads the MP4 to `outputKey`; answered by render-worker.video.stitched or render-worker.render.failed.',
  data: z.object({
    renderId: z.uuid(),
    chunks: z.array(z.object({ hash: z.string(), frames: z.number().int().positive() })).min(1),
    props: VideoPropsSchema,
    outputKey: z.string().min(1),
  }),
  delivery: RENDER_JOB_DELIVERY,
});

export const chunkStarted = defineEvent('render-worker.chunk.started', {
  summary:
    'A worker took a chunk of a render and is preparing it (Chromium, the page, the photos): the render is preparing until a chunk is stored.',
  data: z.object({ renderId: z.uuid(), chunkIndex: z.number().int().nonnegative() }),
});

export const chunkRendered = defineEvent('render-worker.chunk.rendered', {
  summary: 'A worker stored a chunk of a render (or found it stored already).',
  data: z.object({
    renderId: z.uuid(),
    chunkIndex: z.number().int().nonnegative(),
    hash: z.string(),
    renderMs: z.number().nonnegative(),
  }),
});

export const videoStitched = defineEvent('render-worker.video.stitched', {
  summary: "A worker stored a render's final MP4.",
  data: z.object({ renderId: z.uuid(), key: z.string(), bytes: z.number().int().nonnegative() }),
});

export const renderFailed = defineEvent('render-worker.render.failed', {
  summary: 'A worker gave up on a chunk or the stitch of a render; the render fails with this reason.',
  data: z.object({ renderId: z.uuid(), error: z.string() }),
});

export const rendersDeleted = defineLive('render.render.deleted', {
  summary:
    'Renders were deleted (their project was, or they fell out of the kept ones): a worker taking a chunk of one draws nothing for it. Not durable: a worker that missed it draws the chunk, and render deletes it on its report.',
  data: z.object({ renderIds: z.array(z.uuid()).min(1) }),
});

export const renderProgressChanged = defineLive('render.progress.changed', {
  summary:
    "A render's status or progress moved; pushed to its owner's browser (renderProgress subscription).",
  data: RenderProgressSchema,
});
