import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Deployable, durableName, durablesOf } from '@memoreel/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// Not exported by the package: where the NATS binding puts jobs (the chart must name the same stream).
import { wireLayout } from '../../../libs/platform/src/bus/nats-wire.js';
import {
  chartDir,
  deployablesInApps,
  ensureKubeTools,
  type KubeTools,
  repoRoot,
  runTool,
} from '../src/kube-tools.js';
import {
  type KubeObject,
  natsJetStreamTriggerProblems,
  parseManifests,
  schemaProblems,
} from '../src/manifests.js';
import { staleK8sFiles } from '../src/render-k8s.js';

/** Every values file the chart is installed with: its defaults, dev, the kustomize base's, the pods of this machine. */
const valuesFiles = [
  'helm/memoreel/values.yaml',
  'helm/memoreel/values-dev.yaml',
  'k8s/base/values.yaml',
  'deploy/podman/values.yaml',
];
const overlays = ['dev', 'staging', 'production'];

let tools: KubeTools;
const rendered = new Map<string, KubeObject[]>();
const kustomized = new Map<string, KubeObject[]>();

beforeAll(async () => {
  tools = ensureKubeTools();
  for (const file of valuesFiles) {
    rendered.set(
      file,
      parseManifests(
        await runTool(tools.helm, ['template', 'memoreel', chartDir, '-n', 'memoreel', '-f', file]),
      ),
    );
  }
  for (const overlay of overlays) {
    kustomized.set(
      overlay,
      parseManifests(await runTool(tools.kubectl, ['kustomize', join(repoRoot, 'k8s', 'overlays', overlay)])),
    );
  }
});

const component = (object: KubeObject) => object.metadata.labels?.['app.kubernetes.io/component'];
const ofKind = (objects: KubeObject[], kind: string) => objects.filter((o) => o.kind === kind);
const defaults = () => rendered.get('helm/memoreel/values.yaml') ?? [];

interface Container {
  name: string;
  args?: string[];
  securityContext?: Record<string, unknown> & { capabilities?: { drop?: string[] } };
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  resources?: { requests?: Record<string, string> };
}
interface PodTemplate {
  metadata?: { annotations?: Record<string, string> };
  spec: {
    securityContext?: Record<string, unknown>;
    containers: Container[];
    initContainers?: Container[];
    volumes?: { name: string; emptyDir?: unknown }[];
  };
}
const podOf = (object: KubeObject) => (object.spec as { template: PodTemplate }).template;

describe('helm chart', () => {
  it('passes helm lint with every values file', async () => {
    for (const file of valuesFiles) {
      const output = await runTool(tools.helm, ['lint', chartDir, '-f', file]);
      expect(output, file).toContain('0 chart(s) failed');
    }
  });

  it('refuses values its schema does not allow', async () => {
    await expect(
      runTool(tools.helm, ['template', 'memoreel', chartDir, '--set', 'deployables.gateway.port=http']),
    ).rejects.toThrow(/port/);
    await expect(
      runTool(tools.helm, ['template', 'memoreel', chartDir, '--set', 'config.busNamespace=Memo Reel']),
    ).rejects.toThrow(/busNamespace/);
  });

  it('finds schema problems (the validator is not a no-op)', async () => {
    const broken = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: { replicas: 'two' },
    };
    expect((await schemaProblems(broken as unknown as KubeObject)).join()).toMatch(/replicas/);
    const keda = { apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', metadata: { name: 'x' }, spec: {} };
    expect((await schemaProblems(keda as unknown as KubeObject)).join()).toMatch(/scaleTargetRef/);
    const unknown = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'x' } };
    expect((await schemaProblems(unknown as KubeObject)).join()).toMatch(/No schema/);
  });

  it('renders only objects valid against the Kubernetes and KEDA schemas', async () => {
    for (const [file, objects] of rendered) {
      expect(objects.length, file).toBeGreaterThan(10);
      const problems = (await Promise.all(objects.map(schemaProblems))).flat();
      expect(problems, file).toEqual([]);
    }
  });

  it('has a Deployment and a Service for every deployable in apps/ (but web and standalone)', () => {
    const deployables = deployablesInApps();
    expect(deployables).toContain('gateway');
    expect(deployables).toContain('render-worker');
    for (const [file, objects] of rendered) {
      for (const kind of ['Deployment', 'Service']) {
        const components = ofKind(objects, kind).map(component);
        for (const name of deployables) expect(components, `${file}: ${kind} of ${name}`).toContain(name);
      }
      // Each runs its own entry point.
      for (const name of deployables) {
        const deployment = ofKind(objects, 'Deployment').find((d) => component(d) === name);
        expect(podOf(deployment as KubeObject).spec.containers[0]?.args).toEqual([
          `apps/${name}/dist/main.js`,
        ]);
      }
    }
  });

  it('runs every deployable as non-root, without privileges, probed on its health endpoints', () => {
    for (const deployment of ofKind(defaults(), 'Deployment')) {
      const pod = podOf(deployment);
      const name = deployment.metadata.name;
      expect(pod.spec.securityContext?.runAsNonRoot, name).toBe(true);
      expect(pod.metadata?.annotations?.['checksum/config'], name).toMatch(/^[0-9a-f]{64}$/);
      expect(pod.spec.volumes?.find((v) => v.name === 'tmp')?.emptyDir, name).toBeDefined();
      for (const container of pod.spec.containers) {
        expect(container.securityContext?.allowPrivilegeEscalation, name).toBe(false);
        expect(container.securityContext?.readOnlyRootFilesystem, name).toBe(true);
        expect(container.securityContext?.capabilities?.drop, name).toEqual(['ALL']);
        expect(container.readinessProbe?.httpGet?.path, name).toBe('/health/ready');
        expect(container.livenessProbe?.httpGet?.path, name).toBe('/health/live');
        expect(container.resources?.requests?.cpu, name).toBeDefined();
        expect(container.resources?.requests?.memory, name).toBeDefined();
      }
    }
  });

  it("keeps the gateway's readiness and metrics off its public port: probes and scrapes use the ops port, the Ingress never", () => {
    const objects = defaults();
    const gateway = ofKind(objects, 'Deployment').find((d) => component(d) === 'gateway') as KubeObject;
    const pod = podOf(gateway);
    const container = pod.spec.containers[0] as Container & {
      ports?: { name: string; containerPort: number }[];
      readinessProbe?: { httpGet?: { port?: string } };
      env?: { name: string; value?: string }[];
    };
    const ops = container.ports?.find((port) => port.name === 'ops');
    expect(ops?.containerPort).toBe(9464);
    expect(container.env?.find((v) => v.name === 'OPS_PORT')?.value).toBe('9464');
    expect(container.readinessProbe?.httpGet?.port).toBe('ops');
    expect(pod.metadata?.annotations?.['prometheus.io/port']).toBe('9464');
    const service = ofKind(objects, 'Service').find((s) => component(s) === 'gateway') as KubeObject;
    expect((service.spec as { ports: { name: string }[] }).ports.map((port) => port.name)).toEqual(['http']);
    const ingress = ofKind(objects, 'Ingress')[0] as KubeObject;
    expect(JSON.stringify(ingress.spec)).not.toContain('ops');
  });

  it('scales API deployables on CPU and each worker on its JetStream consumer lag', () => {
    const workers = ['photo-edit-worker', 'render-worker'];
    const objects = defaults();
    const hpas = ofKind(objects, 'HorizontalPodAutoscaler').map(component).sort();
    expect(hpas).toEqual(deployablesInApps().filter((name) => !workers.includes(name)));

    const scaled = ofKind(objects, 'ScaledObject');
    expect(scaled.map(component).sort()).toEqual(workers);
    const values = parse(readValues('helm/memoreel/values.yaml')) as {
      config: { busNamespace: string };
      deployables: Record<string, { keda: { jobSubjects: string[] } }>;
    };
    // The jobs each worker takes (it takes them all, and nothing else), as its grant names them.
    const jobsOf = (worker: string) =>
      durablesOf(worker as Deployable)
        .filter((durable) => durable.queue === 'jobs')
        .map((durable) => durable.subject)
        .sort();
    for (const worker of workers) {
      const scaledObject = scaled.find((o) => component(o) === worker) as KubeObject;
      expect(natsJetStreamTriggerProblems(scaledObject), worker).toEqual([]);
      // The stream and durables the worker consumes, named as libs/platform names them: one trigger per job.
      const subjects = values.deployables[worker]?.keda.jobSubjects ?? [];
      const triggers = (scaledObject.spec as { triggers: { metadata: Record<string, string> }[] }).triggers;
      expect(triggers.map((t) => t.metadata.consumer)).toEqual(subjects.map((s) => durableName(worker, s)));
      for (const trigger of triggers)
        expect(trigger.metadata.stream).toBe(wireLayout(values.config.busNamespace).jobs.stream);
      expect([...subjects].sort(), worker).toEqual(jobsOf(worker));
      expect(subjects.length, worker).toBeGreaterThan(0);
    }
  });

  it('gives the photo-edit worker its own image and at most 1.5 GiB', () => {
    const deployment = ofKind(defaults(), 'Deployment').find((d) => component(d) === 'photo-edit-worker');
    const container = podOf(deployment as KubeObject).spec.containers[0] as Container & {
      image?: string;
      resources?: { limits?: Record<string, string> };
    };
    expect(container.image).toMatch(/\/memoreel\/photo-edit-worker:/);
    expect(container.resources?.limits?.memory).toBe('1536Mi');
  });

  it('migrates every service with a schema in a hook job before install and upgrade', () => {
    const job = ofKind(defaults(), 'Job')[0] as KubeObject;
    expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const steps = podOf(job).spec.initContainers?.map((c) => c.name) ?? [];
    const withSchema = deployablesInApps().filter((name) =>
      existsSync(join(repoRoot, 'apps', name, 'prisma')),
    );
    expect(withSchema.length).toBeGreaterThan(3);
    for (const name of withSchema) expect(steps).toContain(`migrate-${name}`);
    expect(steps).toContain('bus-streams');
    const devJob = ofKind(rendered.get('helm/memoreel/values-dev.yaml') ?? [], 'Job')[0];
    expect(devJob?.metadata.annotations?.['helm.sh/hook']).toBe('post-install,pre-upgrade');
  });

  it('lets only the gateway take outside traffic and denies everything else by default', () => {
    const policies = ofKind(defaults(), 'NetworkPolicy');
    expect(policies.find((p) => p.metadata.name.endsWith('default-deny'))).toBeDefined();
    const ingressPeers = (policy: KubeObject) =>
      ((policy.spec as { ingress?: { from?: unknown[] }[] }).ingress ?? []).flatMap(
        (rule) => rule.from ?? [],
      );
    for (const name of deployablesInApps()) {
      const policy = policies.find((p) => component(p) === name) as KubeObject;
      expect(policy, name).toBeDefined();
      const peers = JSON.stringify(ingressPeers(policy));
      if (name === 'gateway') expect(peers).toContain('ingress-nginx');
      else expect(peers).not.toContain('ingress-nginx');
    }
  });

  it('in dev runs Postgres, NATS with JetStream and MinIO in the cluster', () => {
    const dev = rendered.get('helm/memoreel/values-dev.yaml') ?? [];
    expect(ofKind(dev, 'StatefulSet').map(component).sort()).toEqual(['minio', 'nats', 'postgres']);
    const natsConfig = ofKind(dev, 'ConfigMap').find((c) => component(c) === 'nats') as KubeObject;
    expect((natsConfig.data as Record<string, string>)['nats.conf']).toContain('jetstream');
    expect(ofKind(dev, 'Secret')).toHaveLength(1);
    expect(ofKind(defaults(), 'Secret')).toHaveLength(0);
  });
});

describe('kustomize overlays', () => {
  it('are rendered from the current chart', async () => {
    expect(await staleK8sFiles(tools)).toEqual([]);
  });

  it('build valid objects for every deployable', async () => {
    for (const [overlay, objects] of kustomized) {
      const problems = (await Promise.all(objects.map(schemaProblems))).flat();
      expect(problems, overlay).toEqual([]);
      const deployments = ofKind(objects, 'Deployment').map(component);
      for (const name of deployablesInApps()) expect(deployments, `${overlay}: ${name}`).toContain(name);
      for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
        expect(object.metadata.namespace, `${overlay}: ${object.kind}/${object.metadata.name}`).toBe(
          overlay === 'production' ? 'memoreel' : `memoreel-${overlay}`,
        );
      }
      for (const scaledObject of ofKind(objects, 'ScaledObject'))
        expect(natsJetStreamTriggerProblems(scaledObject), overlay).toEqual([]);
    }
  });

  it('give dev its dependencies and production pinned images', () => {
    const dev = kustomized.get('dev') ?? [];
    expect(ofKind(dev, 'StatefulSet')).toHaveLength(3);
    expect(ofKind(dev, 'HorizontalPodAutoscaler')).toHaveLength(0);
    expect(ofKind(dev, 'NetworkPolicy')).toHaveLength(0);
    const production = kustomized.get('production') ?? [];
    const images = ofKind(production, 'Deployment').map(
      (d) => (podOf(d).spec.containers[0] as { image?: string }).image,
    );
    expect(images.length).toBe(deployablesInApps().length);
    for (const image of images) expect(image).toMatch(/^registry\.example\.com\/memoreel\/[a-z-]+:0\.1\.0$/);
    expect(ofKind(production, 'StatefulSet')).toHaveLength(0);
    expect(ofKind(production, 'NetworkPolicy').length).toBeGreaterThan(deployablesInApps().length);
  });
});

function readValues(file: string): string {
  return readFileSync(join(repoRoot, file), 'utf8');
}

describe('scheduled backup (decision 0025)', () => {
  interface EnvVar {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { key: string } };
  }
  const withBackup = async (...sets: string[]) =>
    parseManifests(
      await runTool(tools.helm, [
        ...['template', 'memoreel', chartDir, '-n', 'memoreel', '--set', 'backup.enabled=true'],
        ...sets.flatMap((set) => ['--set', set]),
      ]),
    );

  it('is off by default; on, a CronJob dumps each schema with its own URL and mirrors every bucket', async () => {
    expect(ofKind(defaults(), 'CronJob')).toHaveLength(0);
    const objects = await withBackup(
      'backup.schedule=30 2 * * *',
      'backup.destination.bucket=family-backups',
    );
    const cron = ofKind(objects, 'CronJob')[0] as KubeObject;
    const spec = cron.spec as {
      schedule: string;
      concurrencyPolicy: string;
      jobTemplate: { spec: { template: { spec: { containers: (Container & { env: EnvVar[] })[] } } } };
    };
    expect(spec).toMatchObject({ schedule: '30 2 * * *', concurrencyPolicy: 'Forbid' });
    const container = spec.jobTemplate.spec.template.spec.containers[0];
    expect(container?.args).toEqual(['deploy/bin/backup.mjs', 'backup']);
    expect(existsSync(join(repoRoot, 'deploy', 'bin', 'backup.mjs'))).toBe(true);
    const env = Object.fromEntries(
      (container?.env ?? []).map((v) => [v.name, v.value ?? v.valueFrom?.secretKeyRef?.key]),
    );
    const withSchema = deployablesInApps().filter((name) =>
      existsSync(join(repoRoot, 'apps', name, 'prisma')),
    );
    expect(env.BACKUP_SCHEMAS?.split(',').sort()).toEqual(withSchema.sort());
    for (const name of withSchema)
      expect(env[`DATABASE_URL_${name.toUpperCase()}`]).toBe(`database-url-${name}`);
    expect(env.BACKUP_BUCKETS?.split(',').sort()).toEqual([
      'music:renders',
      'photos:photos',
      'renders:renders',
    ]);
    expect(env).toMatchObject({
      BACKUP_S3_BUCKET: 'family-backups',
      BACKUP_S3_ACCESS_KEY: 'backup-s3-access-key',
      BACKUP_S3_SECRET_KEY: 'backup-s3-secret-key',
      S3_ACCESS_KEY_PHOTOS: 's3-photos-access-key',
      S3_ACCESS_KEY_RENDERS: 's3-renders-access-key',
    });
    const policy = ofKind(objects, 'NetworkPolicy').find((p) => component(p) === 'backup');
    expect(policy).toBeDefined();
    expect((await Promise.all([cron, policy as KubeObject].map(schemaProblems))).flat()).toEqual([]);
  });

  it('refuses a schedule that is not a cron expression', async () => {
    await expect(withBackup('backup.schedule=nightly')).rejects.toThrow(/schedule/);
  });
});
