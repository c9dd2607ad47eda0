import { join } from 'node:path';
import { type Deployable, durablesOf } from '@memoreel/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { chartDir, ensureKubeTools, type KubeTools, repoRoot, runTool } from '../src/kube-tools.js';
import { type KubeObject, natsJetStreamTriggerProblems, parseManifests } from '../src/manifests.js';

/** Issue 34, item 4: render workers on their own autoscaled node pool, and a strict values schema. */

interface PodSpec {
  nodeSelector?: Record<string, string>;
  tolerations?: Record<string, string>[];
  affinity?: Record<string, unknown>;
  priorityClassName?: string;
  volumes?: { name: string; emptyDir?: unknown }[];
}
interface Template {
  metadata: { annotations: Record<string, string> };
  spec: PodSpec;
}

let tools: KubeTools;
const render = async (...sets: string[]) =>
  parseManifests(
    await runTool(tools.helm, [
      ...['template', 'memoreel', chartDir, '-n', 'memoreel'],
      ...sets.flatMap((set) => ['--set', set]),
    ]),
  );
const component = (object: KubeObject) => object.metadata.labels?.['app.kubernetes.io/component'];
const templates = (objects: KubeObject[]) =>
  new Map(
    objects
      .filter((o) => o.kind === 'Deployment')
      .map((o) => [component(o), (o.spec as { template: Template }).template]),
  );

beforeAll(() => {
  tools = ensureKubeTools();
});

describe('scheduling per deployable', () => {
  it('puts the render worker on a tainted pool with its own priority, others keep the global settings', async () => {
    const pods = templates(
      await render(
        'nodeSelector.pool=general',
        'priorityClassName=memoreel-services',
        'podAnnotations.team=video',
        'deployables.render-worker.nodeSelector.pool=render',
        'deployables.render-worker.tolerations[0].key=memoreel.app/render',
        'deployables.render-worker.tolerations[0].operator=Exists',
        'deployables.render-worker.tolerations[0].effect=NoSchedule',
        'deployables.render-worker.priorityClassName=memoreel-batch',
        'deployables.render-worker.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key=pool',
        'deployables.render-worker.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator=Exists',
        'deployables.render-worker.podAnnotations.karpenter\\.sh/do-not-disrupt=yes',
      ),
    );
    const worker = pods.get('render-worker') as Template;
    expect(worker.spec.nodeSelector).toEqual({ pool: 'render' });
    expect(worker.spec.tolerations).toEqual([
      { key: 'memoreel.app/render', operator: 'Exists', effect: 'NoSchedule' },
    ]);
    expect(worker.spec.priorityClassName).toBe('memoreel-batch');
    expect(Object.keys(worker.spec.affinity ?? {})).toEqual(['nodeAffinity']);
    expect(worker.metadata.annotations).toMatchObject({
      team: 'video',
      'karpenter.sh/do-not-disrupt': 'yes',
    });
    const gateway = pods.get('gateway') as Template;
    expect(gateway.spec.nodeSelector).toEqual({ pool: 'general' });
    expect(gateway.spec.tolerations).toBeUndefined();
    expect(gateway.spec.priorityClassName).toBe('memoreel-services');
    expect(Object.keys(gateway.spec.affinity ?? {})).toEqual(['podAntiAffinity']);
    expect(gateway.metadata.annotations.team).toBe('video');
    expect(gateway.metadata.annotations['karpenter.sh/do-not-disrupt']).toBeUndefined();
  });

  it('names every emptyDir in safe-to-evict-local-volumes, so a cluster autoscaler drains the node', async () => {
    for (const [name, pod] of templates(await render())) {
      const emptyDirs = (pod.spec.volumes ?? []).filter((v) => v.emptyDir).map((v) => v.name);
      expect(emptyDirs.length, name).toBeGreaterThan(0);
      expect(
        pod.metadata.annotations['cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes']?.split(','),
        name,
      ).toEqual(emptyDirs);
    }
  });

  it('keeps more than one worker warm when asked, never more than the maximum', async () => {
    const objects = await render('deployables.render-worker.keda.minReplicaCount=3');
    const scaled = objects.find((o) => o.kind === 'ScaledObject' && component(o) === 'render-worker');
    expect(scaled?.spec).toMatchObject({ minReplicaCount: 3 });
    expect(natsJetStreamTriggerProblems(scaled as KubeObject)).toEqual([]);
    await expect(render('deployables.render-worker.keda.minReplicaCount=11')).rejects.toThrow(
      'deployables.render-worker.keda.minReplicaCount (11) is above maxReplicaCount (10)',
    );
  });
});

describe('KEDA against a clustered NATS', () => {
  it("production reads each consumer's lag through NATS's headless Service (KEDA asks the leader at <pod>.<endpoint>)", async () => {
    const production = parseManifests(
      await runTool(tools.kubectl, ['kustomize', join(repoRoot, 'k8s', 'overlays', 'production')]),
    );
    const triggers = production
      .filter((o) => o.kind === 'ScaledObject')
      .flatMap((o) => (o.spec as { triggers: { metadata: Record<string, string> }[] }).triggers);
    // One trigger per job a worker takes, as the grants name them.
    const jobs = (['photo-edit-worker', 'render-worker'] as Deployable[]).flatMap((worker) =>
      durablesOf(worker).filter((durable) => durable.queue === 'jobs'),
    );
    expect(triggers.length).toBe(jobs.length);
    for (const trigger of triggers)
      expect(trigger.metadata.natsServerMonitoringEndpoint).toMatch(
        /^[a-z0-9-]+-headless\.[a-z0-9-]+\.svc\.cluster\.local:8222$/,
      );
  });
});

describe('values schema', () => {
  it('refuses an unknown top-level key (a typo is not silently ignored)', async () => {
    await expect(render('nodeSelecter.pool=render')).rejects.toThrow(/additional properties 'nodeSelecter'/);
    await expect(render('networkPolicy.externals.x=1')).rejects.toThrow(/externals/);
  });

  it('requires the photo-edit worker image', async () => {
    await expect(render('image.photoEditWorker.repository=')).rejects.toThrow(/photoEditWorker/);
  });
});
