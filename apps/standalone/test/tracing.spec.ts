// biome-ignore-all assist/source/organizeImports: span-recorder first, so the SDK starts before what it instruments loads
import { recordedSpans, telemetry } from './span-recorder.js';
import { authService } from '@memoreel/auth';
import { mediaService } from '@memoreel/media';
import { projectsService } from '@memoreel/projects';
import { eventually } from '@memoreel/testing';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { useGatewayStack } from './gateway-stack.js';
import { guestSession } from './guest-session.js';

/**
 * One trace across the services: a browser's upload (request slots → PUT → complete) through the
 * gateway, media and media's thumbnail job, every span linked to its cause.
 */
describe('traces cross services (gateway + auth + projects + media, in-memory exporter)', () => {
  afterAll(async () => {
    await telemetry.shutdown();
  });
  // Registered after the telemetry's: closed before it shuts down (after-hooks run last first).
  const stack = useGatewayStack({
    name: 'tracing',
    services: [authService, projectsService, mediaService],
    mail: true,
    localStorage: true,
  });

  /** What a traced browser sends: the upload's trace context on each of its requests. */
  function traced(headers: Record<string, string>, upload: ReturnType<typeof trace.wrapSpanContext>) {
    const carrier: Record<string, string> = { ...headers };
    propagation.inject(trace.setSpan(context.active(), upload), carrier);
    return carrier;
  }

  async function graphql<T>(query: string, variables: object, token: string, headers = {}): Promise<T> {
    const response = await fetch(`${stack.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const result = (await response.json()) as { data: T; errors?: unknown };
    expect(result.errors).toBeUndefined();
    return result.data;
  }

  it('requestPhotoUploads → PUT → completePhotoUploads → thumbnail job: one trace, each span caused by the last', async () => {
    const token = await guestSession(stack.baseUrl);
    const { createInitialProject } = await graphql<{ createInitialProject: { project: { id: string } } }>(
      'mutation { createInitialProject { project { id } } }',
      {},
      token,
    );
    const projectId = createInitialProject.project.id;
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();

    const upload = trace.getTracer('test-browser').startSpan('upload photos', { kind: SpanKind.CLIENT });
    const traceId = upload.spanContext().traceId;
    const { requestPhotoUploads } = await graphql<{
      requestPhotoUploads: {
        slots: { uploadId: string; url: string; headers: { name: string; value: string }[] }[];
      };
    }>(
      `mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) {
        requestPhotoUploads(projectId: $projectId, files: $files) { slots { uploadId url headers { name value } } }
      }`,
      { projectId, files: [{ name: 'garden.jpg', size: photo.length, contentType: 'image/jpeg' }] },
      token,
      traced({}, upload),
    );
    const slot = requestPhotoUploads.slots[0]!;
    const put = await fetch(slot.url, {
      method: 'PUT',
      headers: traced(Object.fromEntries(slot.headers.map((h) => [h.name, h.value])), upload),
      body: photo,
    });
    expect(put.status).toBe(200);
    await graphql(
      `mutation ($projectId: ID!, $uploadIds: [ID!]!) {
        completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId error }
      }`,
      { projectId, uploadIds: [slot.uploadId] },
      token,
      traced({}, upload),
    );
    upload.end();

    const spans = await eventually(async () => {
      const inTrace = recordedSpans
        .getFinishedSpans()
        .filter((span) => span.spanContext().traceId === traceId);
      expect(inTrace.map((span) => span.name)).toContain('process media.photo.make-thumbnails');
      return inTrace;
    }, 15_000);
    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
    const parentOf = (span: ReadableSpan) => byId.get(span.parentSpanContext?.spanId ?? '');
    const chain = (span: ReadableSpan | undefined): string[] =>
      span ? [`${SpanKind[span.kind]} ${span.name}`, ...chain(parentOf(span))] : [];
    const named = (name: string) => spans.filter((span) => span.name === name);

    // The job's span leads back, span by span, to the browser's upload.
    expect(chain(named('process media.photo.make-thumbnails')[0])).toEqual([
      'CONSUMER process media.photo.make-thumbnails',
      'PRODUCER send media.photo.make-thumbnails',
      'CONSUMER process media.photo.stored',
      'PRODUCER create media.photo.stored',
      'SERVER answer media.photo.complete-uploads',
      'CLIENT send media.photo.complete-uploads',
      'INTERNAL graphql.resolve completePhotoUploads',
      'INTERNAL mutation',
      'SERVER POST /graphql',
      'CLIENT upload photos',
    ]);
    expect(chain(named('answer media.photo.request-uploads')[0])).toEqual([
      'SERVER answer media.photo.request-uploads',
      'CLIENT send media.photo.request-uploads',
      'INTERNAL graphql.resolve requestPhotoUploads',
      'INTERNAL mutation',
      'SERVER POST /graphql',
      'CLIENT upload photos',
    ]);
    // Media's queries are spans of the request that made them.
    const queries = spans.filter((span) => span.name.startsWith('pg.query'));
    expect(queries.some((span) => chain(span).includes('SERVER answer media.photo.complete-uploads'))).toBe(
      true,
    );
    // The PUT to storage is the gateway's too, named by its route template, not the photo's key.
    const puts = spans.filter((span) => span.kind === SpanKind.SERVER && span.name.startsWith('PUT '));
    expect(puts.map(chain)).toEqual([['SERVER PUT /storage/:bucket/*key', 'CLIENT upload photos']]);
    for (const span of spans) expect(span.name).not.toContain(slot.uploadId);
  });
});
