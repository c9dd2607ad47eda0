import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { chartDir, ensureKubeTools, type KubeTools, repoRoot, runTool } from '../src/kube-tools.js';
import { type KubeObject, parseManifests } from '../src/manifests.js';

/**
 * Issue 34, item 4: what each deployable reaches follows from the environment the chart gives it
 * (DATABASE_URL → Postgres, NATS_URL → NATS, an S3 key → the storage, SMTP_URL → mail, …); its
 * NetworkPolicy must allow exactly that, so a blocked dependency or a stray opening fails here.
 */

type Peer = Record<string, unknown>;
interface Rule {
  to?: Peer[];
  ports?: { port: number | string; protocol?: string }[];
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { key: string } };
}
interface Container {
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string } }[];
}
interface Values {
  postgres: { port: number; networkPeers: Peer[]; inCluster: { enabled: boolean } };
  nats: { networkPeers: Peer[]; inCluster: { enabled: boolean } };
  storage: { networkPeers: Peer[]; inCluster: { enabled: boolean } };
  networkPolicy: {
    otelPeers: Peer[];
    external: Record<string, { enabled: boolean; ports: number[]; peers: Peer[] }>;
  };
  deployables: Record<string, { extraEgress?: Rule[] }>;
}

/** Code, not configuration: the gateway's /og previews fetch a presigned photo URL (no key of its own). */
const presignedFetchers = { gateway: 'apps/gateway/src/sharing/share-previews.ts' };
/** The Secret-held settings that make a deployable call a service outside the cluster. */
const externalCallers: Record<string, string> = {
  SMTP_URL: 'smtp',
  OIDC_PROVIDERS: 'identityProviders',
  STRIPE_SECRET_KEY: 'stripe',
  REMOTION_LICENSE_KEY: 'remotionUsage',
};
const dns: Rule = {
  to: [{ namespaceSelector: {}, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }],
  ports: [
    { port: 53, protocol: 'UDP' },
    { port: 53, protocol: 'TCP' },
  ],
};

let tools: KubeTools;
const scratch = mkdtempSync(join(tmpdir(), 'chart-network-'));

const component = (object: KubeObject) => object.metadata.labels?.['app.kubernetes.io/component'];
const readYaml = (file: string) =>
  parse(readFileSync(join(repoRoot, file), 'utf8')) as Record<string, unknown>;

function merged(base: unknown, over: unknown): unknown {
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return over ?? base;
  if (typeof over !== 'object' || over === null || Array.isArray(over)) return over ?? base;
  const result: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(over)) result[key] = merged(result[key], value);
  return result;
}

/** The chart rendered with values files and overrides, and the values in effect. */
async function render(files: string[], overrides: object = {}) {
  const overridesFile = join(scratch, `overrides-${files.length}-${Object.keys(overrides).join('-')}.yaml`);
  writeFileSync(overridesFile, stringify(overrides));
  const valueFiles = ['helm/memoreel/values.yaml', ...files];
  const values = [...valueFiles.map(readYaml), overrides].reduce(merged, {}) as Values;
  const text = await runTool(tools.helm, [
    ...['template', 'memoreel', chartDir, '-n', 'memoreel'],
    ...[...files.map((file) => join(repoRoot, file)), overridesFile].flatMap((file) => ['-f', file]),
  ]);
  return { objects: parseManifests(text), values };
}

function urlPort(url: string): number {
  const parsed = new URL(url);
  if (parsed.port) return Number(parsed.port);
  return { 'https:': 443, 'http:': 80, 'nats:': 4222, 'tls:': 4222 }[parsed.protocol] ?? Number.NaN;
}

/** Who a policy peer is for an in-cluster dependency (its StatefulSet's pods) or the configured peers. */
function peersOf(values: Values, target: 'postgres' | 'nats' | 'storage'): Peer[] {
  if (!values[target].inCluster.enabled) return values[target].networkPeers;
  const name = target === 'storage' ? 'minio' : target;
  return [
    {
      podSelector: {
        matchLabels: {
          'app.kubernetes.io/name': 'memoreel',
          'app.kubernetes.io/instance': 'memoreel',
          'app.kubernetes.io/component': name,
        },
      },
    },
  ];
}

const tcp = (port: number) => ({ port, protocol: 'TCP' });

/** The egress a pod needs, derived from its containers' environment (their own and the ConfigMap's). */
function neededEgress(objects: KubeObject[], workload: KubeObject, values: Values): Rule[] {
  const pod = (
    workload.spec as { template: { spec: { containers: Container[]; initContainers?: Container[] } } }
  ).template.spec;
  const name = component(workload) ?? '';
  const containers = [...pod.containers, ...(pod.initContainers ?? [])];
  const env = new Map<string, string>();
  for (const container of containers) {
    for (const source of container.envFrom ?? []) {
      const configMap = objects.find(
        (o) => o.kind === 'ConfigMap' && o.metadata.name === source.configMapRef?.name,
      );
      for (const [key, value] of Object.entries((configMap?.data ?? {}) as Record<string, string>))
        env.set(key, value);
    }
    for (const variable of container.env ?? [])
      env.set(variable.name, variable.value ?? `secret:${variable.valueFrom?.secretKeyRef?.key}`);
  }
  const rules: Rule[] = [dns];
  const natsUrl = env.get('NATS_URL');
  if (natsUrl) rules.push({ to: peersOf(values, 'nats'), ports: [tcp(urlPort(natsUrl))] });
  // The URL is in the Secret; the chart's postgres.port says where it points.
  if (env.has('DATABASE_URL'))
    rules.push({ to: peersOf(values, 'postgres'), ports: [tcp(values.postgres.port)] });
  const s3 = env.get('S3_ENDPOINT');
  if (s3 && env.has('S3_ACCESS_KEY'))
    rules.push({ to: peersOf(values, 'storage'), ports: [tcp(urlPort(s3))] });
  if (s3 && name in presignedFetchers)
    rules.push({ to: peersOf(values, 'storage'), ports: [tcp(urlPort(env.get('S3_PUBLIC_URL') ?? s3))] });
  for (const [variable, service] of Object.entries(externalCallers)) {
    const external = values.networkPolicy.external[service];
    if (env.has(variable) && external?.enabled)
      rules.push({ to: external.peers, ports: external.ports.map(tcp) });
  }
  const otlp = env.get('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (otlp) rules.push({ to: values.networkPolicy.otelPeers, ports: [tcp(urlPort(otlp))] });
  rules.push(...(values.deployables[name]?.extraEgress ?? []));
  return rules;
}

/** Rules as (peer, port) pairs, so two policies that allow the same compare equal however they are grouped. */
function pairs(rules: Rule[]): string[] {
  const keyed = (value: unknown): unknown =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, keyed(v)]),
        )
      : Array.isArray(value)
        ? value.map(keyed)
        : value;
  const result = new Set<string>();
  for (const rule of rules)
    for (const peer of rule.to ?? ['anyone'])
      for (const port of rule.ports ?? [{ port: 'any' }])
        result.add(`${JSON.stringify(keyed(peer))} ${port.port}/${port.protocol ?? 'TCP'}`);
  return [...result].sort();
}

/** Each Deployment and Job, with what it needs and what its NetworkPolicy allows. */
function wiring(objects: KubeObject[], values: Values) {
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  return objects
    .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
    .map((workload) => {
      const policy = policies.find((p) => component(p) === component(workload));
      return {
        name: component(workload) ?? workload.metadata.name,
        needs: pairs(neededEgress(objects, workload, values)),
        allows: policy ? pairs((policy.spec as { egress?: Rule[] }).egress ?? []) : ['no policy'],
      };
    });
}

const expectExactWiring = (objects: KubeObject[], values: Values) => {
  const all = wiring(objects, values);
  expect(all.length).toBeGreaterThan(9);
  for (const { name, needs, allows } of all) expect(allows, name).toEqual(needs);
  return all;
};

beforeAll(() => {
  tools = ensureKubeTools();
});

describe('network policies follow what each deployable is configured to reach', () => {
  it('with the default values: exactly, the gateway reaching the storage for its previews', async () => {
    const { objects, values } = await render([]);
    const all = expectExactWiring(objects, values);
    const gateway = all.find((w) => w.name === 'gateway');
    expect(gateway?.allows).toContain(`${JSON.stringify({ ipBlock: { cidr: '0.0.0.0/0' } })} 443/TCP`);
    // Without remotionUsage the worker's only openings to any address are NATS and the storage.
    const worker = all.find((w) => w.name === 'render-worker');
    expect(worker?.allows.filter((pair) => pair.includes('0.0.0.0/0'))).toEqual([
      `${JSON.stringify({ ipBlock: { cidr: '0.0.0.0/0' } })} 4222/TCP`,
      `${JSON.stringify({ ipBlock: { cidr: '0.0.0.0/0' } })} 443/TCP`,
    ]);
    expect(readFileSync(join(repoRoot, presignedFetchers.gateway), 'utf8')).toContain(
      'fetch(new URL(photo.url',
    );
  });

  it('with the production overlay: exactly', async () => {
    const text = await runTool(tools.kubectl, ['kustomize', join(repoRoot, 'k8s', 'overlays', 'production')]);
    const values = [readYaml('helm/memoreel/values.yaml'), readYaml('k8s/base/values.yaml')].reduce(
      merged,
      {},
    ) as Values;
    expectExactWiring(parseManifests(text), values);
  });

  it('with narrowed peers, a collector, a Remotion licence and in-cluster dependencies: exactly', async () => {
    const narrowed = [{ ipBlock: { cidr: '198.51.100.0/24' } }];
    const options = {
      config: { otlpEndpoint: 'http://otel-collector.observability:4318' },
      networkPolicy: {
        enabled: true,
        external: {
          remotionUsage: { enabled: true, peers: [{ ipBlock: { cidr: '203.0.113.0/24' } }] },
          smtp: { peers: narrowed },
        },
      },
    };
    const { objects, values } = await render([], options);
    const all = expectExactWiring(objects, values);
    const worker = all.find((w) => w.name === 'render-worker');
    expect(worker?.allows).toContain(`${JSON.stringify({ ipBlock: { cidr: '203.0.113.0/24' } })} 443/TCP`);
    expect(all.find((w) => w.name === 'auth')?.allows).toContain(
      `${JSON.stringify({ ipBlock: { cidr: '198.51.100.0/24' } })} 587/TCP`,
    );
    const dev = await render(['helm/memoreel/values-dev.yaml'], { networkPolicy: { enabled: true } });
    expectExactWiring(dev.objects, dev.values);
  });

  it('notices a missing opening (the check is not a no-op)', async () => {
    const { objects, values } = await render([], { deployables: { gateway: { presignedFetch: false } } });
    const gateway = wiring(objects, values).find((w) => w.name === 'gateway');
    expect(gateway?.needs.length).toBeGreaterThan(gateway?.allows.length ?? 0);
  });
});
