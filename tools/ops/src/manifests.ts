import { parseAllDocuments } from 'yaml';

/** A Kubernetes object as rendered. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: Record<string, unknown>;
  [field: string]: unknown;
}

/** Every object of a multi-document YAML stream (empty documents dropped). */
export function parseManifests(text: string): KubeObject[] {
  const objects: KubeObject[] = [];
  for (const document of parseAllDocuments(text)) {
    if (document.errors.length > 0) throw new Error(document.errors.map((e) => e.message).join('\n'));
    const value = document.toJS() as KubeObject | null;
    if (value !== null && value !== undefined) objects.push(value);
  }
  return objects;
}

type Model = new (data: unknown) => { validate(): void };

/**
 * The model class for an apiVersion/kind: `kubernetes-models` for the built-in API groups,
 * `@kubernetes-models/keda` for KEDA. Unknown kinds are an error, so a new kind gets a schema.
 */
async function modelOf(apiVersion: string, kind: string): Promise<Model> {
  const [group = '', version = ''] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const path = group === '' ? `${version}/${kind}` : `${group}/${version}/${kind}`;
  const specifier = group.endsWith('keda.sh')
    ? `@kubernetes-models/keda/${path}`
    : `kubernetes-models/${path}`;
  const module = await import(/* @vite-ignore */ specifier).catch(() => {
    throw new Error(`No schema for ${apiVersion} ${kind}`);
  });
  const model = (module as Record<string, Model>)[kind];
  if (!model) throw new Error(`No schema for ${apiVersion} ${kind}`);
  return model;
}

/** The problems of one object against its Kubernetes (or KEDA) JSON schema; empty when valid. */
export async function schemaProblems(object: KubeObject): Promise<string[]> {
  try {
    const Model = await modelOf(object.apiVersion, object.kind);
    new Model(object).validate();
    return [];
  } catch (error) {
    return [`${object.kind}/${object.metadata?.name}: ${(error as Error).message}`];
  }
}

/** What KEDA's nats-jetstream scaler reads (keda.sh docs): every key a string, the required ones set. */
export function natsJetStreamTriggerProblems(object: KubeObject): string[] {
  const problems: string[] = [];
  const spec = object.spec as {
    scaleTargetRef?: { name?: string };
    minReplicaCount?: number;
    maxReplicaCount?: number;
    triggers?: { type: string; metadata: Record<string, unknown> }[];
  };
  if (!spec.scaleTargetRef?.name) problems.push('scaleTargetRef.name is missing');
  if (!(typeof spec.minReplicaCount === 'number' && spec.minReplicaCount >= 0))
    problems.push('minReplicaCount must be a count of at least 0');
  if (!(typeof spec.maxReplicaCount === 'number' && spec.maxReplicaCount >= (spec.minReplicaCount ?? 0)))
    problems.push('maxReplicaCount must be at least minReplicaCount');
  const triggers = spec.triggers?.filter((t) => t.type === 'nats-jetstream') ?? [];
  if (triggers.length === 0) return [...problems, 'no nats-jetstream trigger'];
  for (const trigger of triggers) {
    for (const key of ['natsServerMonitoringEndpoint', 'account', 'stream', 'consumer', 'lagThreshold']) {
      const value = trigger.metadata[key];
      if (typeof value !== 'string' || value === '')
        problems.push(`trigger metadata ${key} must be a non-empty string`);
    }
    for (const [key, value] of Object.entries(trigger.metadata)) {
      if (typeof value !== 'string') problems.push(`trigger metadata ${key} must be a string`);
    }
    if (/^https?:\/\//.test(String(trigger.metadata.natsServerMonitoringEndpoint)))
      problems.push('natsServerMonitoringEndpoint is host:port, without a scheme (useHttps chooses it)');
    if (!/^\d+$/.test(String(trigger.metadata.lagThreshold)))
      problems.push('lagThreshold must be a whole number');
  }
  return problems;
}
