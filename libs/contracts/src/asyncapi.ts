import { stringify } from 'yaml';
import { z } from 'zod';
import { catalogue } from './catalogue.js';
import { ActorSchema } from './common/actor.js';
import type { AnyContract } from './common/define.js';
import { ReplyErrorSchema } from './common/envelope.js';

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/** How each kind of contract travels, as the NATS binding lays it out (see libs/platform bus.ts). */
const transport: Record<AnyContract['kind'], { prefix: string; description: string }> = {
  request: {
    prefix: 'rpc',
    description: 'Core NATS request/reply, answered by one replica of the owning service.',
  },
  event: {
    prefix: 'events',
    description: 'JetStream stream EVENTS, published from the owner’s outbox, deduplicated by event id.',
  },
  job: { prefix: 'jobs', description: 'JetStream work-queue stream JOBS: each job is taken by one worker.' },
  live: { prefix: 'live', description: 'Core NATS fan-out to gateways, pushed to browsers; best effort.' },
};

function payloadOf(contract: AnyContract) {
  const actor = jsonSchema(ActorSchema);
  if (contract.kind === 'request') {
    return {
      type: 'object',
      required: ['actor', 'data'],
      properties: { actor, data: jsonSchema(contract.request) },
    };
  }
  if (contract.kind === 'live') return jsonSchema(contract.data);
  return {
    type: 'object',
    required: ['id', 'type', 'occurredAt', 'actor', 'data'],
    properties: {
      id: { type: 'string', format: 'uuid', description: 'Event id, also the Nats-Msg-Id.' },
      type: { const: contract.subject },
      occurredAt: { type: 'string', format: 'date-time' },
      actor,
      data: jsonSchema(contract.data),
    },
  };
}

/** The AsyncAPI 3 document of every subject in the catalogue; docs/events.asyncapi.yaml is this. */
export function asyncApiDocument(): string {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const contract of catalogue) {
    const id = contract.subject.replaceAll('.', '_');
    const channel = `memoreel.${transport[contract.kind].prefix}.${contract.subject}`;
    messages[id] = {
      name: contract.subject,
      summary: contract.summary,
      contentType: 'application/json',
      headers: {
        type: 'object',
        description: 'W3C trace context (traceparent, tracestate) travels in NATS headers.',
        properties: { traceparent: { type: 'string' }, tracestate: { type: 'string' } },
      },
      payload: payloadOf(contract),
    };
    channels[id] = {
      address: channel,
      description: transport[contract.kind].description,
      messages: { [id]: { $ref: `#/components/messages/${id}` } },
    };
    operations[id] = {
      action: contract.kind === 'request' ? 'receive' : 'send',
      summary: `${contract.kind} owned by ${contract.service}`,
      channel: { $ref: `#/channels/${id}` },
      ...(contract.kind === 'request'
        ? { reply: { description: replyPayloadDescription(contract.reply) } }
        : {}),
    };
  }
  return stringify(
    {
      asyncapi: '3.0.0',
      info: {
        title: 'Memoreel bus',
        version: '1.0.0',
        description:
          'Generated from libs/contracts by `npm run asyncapi`; a test fails when this file is stale. Subjects are shown for the production namespace `memoreel`.',
      },
      defaultContentType: 'application/json',
      channels,
      operations,
      components: { messages },
    },
    { lineWidth: 0, aliasDuplicateObjects: false },
  );
}

/** AsyncAPI replies need their own channel objects; the reply shape is spelled out as JSON Schema text instead. */
function replyPayloadDescription(reply: z.ZodType): string {
  const shape = {
    oneOf: [
      {
        type: 'object',
        required: ['ok', 'data'],
        properties: { ok: { const: true }, data: jsonSchema(reply) },
      },
      {
        type: 'object',
        required: ['ok', 'error'],
        properties: { ok: { const: false }, error: jsonSchema(ReplyErrorSchema) },
      },
    ],
  };
  return `Reply on the request's inbox: ${JSON.stringify(shape)}`;
}
