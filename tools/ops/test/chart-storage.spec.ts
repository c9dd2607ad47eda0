import { beforeAll, describe, expect, it } from 'vitest';
import { chartDir, ensureKubeTools, type KubeTools, runTool } from '../src/kube-tools.js';
import { type KubeObject, parseManifests } from '../src/manifests.js';

/** Issue 31, item 9: one S3 key pair per bucket group, so no deployable holds keys to every bucket. */

interface EnvVar {
  name: string;
  valueFrom?: { secretKeyRef?: { key: string } };
}
interface Pod {
  containers: { name: string; env?: EnvVar[] }[];
}

let tools: KubeTools;
let objects: KubeObject[];

const render = async (...args: string[]) =>
  parseManifests(await runTool(tools.helm, ['template', 'memoreel', chartDir, '-n', 'memoreel', ...args]));
const component = (object: KubeObject) => object.metadata.labels?.['app.kubernetes.io/component'];
const podOf = (object: KubeObject) => (object.spec as { template: { spec: Pod } }).template.spec;
/** The Secret keys a container's S3_ACCESS_KEY / S3_SECRET_KEY come from. */
const s3KeysOf = (container: Pod['containers'][number]) =>
  (container.env ?? [])
    .filter((variable) => variable.name === 'S3_ACCESS_KEY' || variable.name === 'S3_SECRET_KEY')
    .map((variable) => variable.valueFrom?.secretKeyRef?.key);
const deploymentKeys = (rendered: KubeObject[]) =>
  Object.fromEntries(
    rendered
      .filter((object) => object.kind === 'Deployment')
      .map((object) => [component(object), podOf(object).containers.flatMap(s3KeysOf)]),
  );

beforeAll(async () => {
  tools = ensureKubeTools();
  objects = await render('-f', 'helm/memoreel/values.yaml');
});

describe('S3 credentials per bucket group', () => {
  it('gives media and the photo-edit worker the photos pair, render and its workers the renders pair, and nobody else any', () => {
    const photos = ['s3-photos-access-key', 's3-photos-secret-key'];
    const renders = ['s3-renders-access-key', 's3-renders-secret-key'];

    expect(deploymentKeys(objects)).toEqual({
      gateway: [],
      auth: [],
      projects: [],
      media: photos,
      sharing: [],
      billing: [],
      render: renders,
      'render-worker': renders,
      'photo-edit-worker': photos,
    });
  });

  it("seeds the shipped music with the renders pair (the music bucket's)", () => {
    const job = objects.find((object) => object.kind === 'Job') as KubeObject;
    const seed = podOf(job).containers.find((container) => container.name === 'seed-music');

    expect(seed && s3KeysOf(seed)).toEqual(['s3-renders-access-key', 's3-renders-secret-key']);
  });

  it('follows storage.bucketGroups, and refuses a deployable with storage in no group', async () => {
    const regrouped = await render(
      '--set',
      'storage.bucketGroups.music.buckets={music}',
      '--set',
      'storage.bucketGroups.music.deployables={render}',
      '--set',
      'storage.bucketGroups.renders.deployables={render-worker}',
    );
    expect(deploymentKeys(regrouped).render).toEqual(['s3-music-access-key', 's3-music-secret-key']);

    await expect(render('--set', 'deployables.sharing.storage=true')).rejects.toThrow(
      'deployables.sharing.storage is true but no storage.bucketGroups entry lists sharing',
    );
  });
});
