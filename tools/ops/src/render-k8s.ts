/**
 * Renders the chart into the kustomize tree (decision 0014): `k8s/base/memoreel.yaml` from
 * `k8s/base/values.yaml`, and the in-cluster dependencies of values-dev.yaml into
 * `k8s/components/in-cluster-dependencies/dependencies.yaml`. The ops tests fail when the committed
 * files differ from a fresh render, so run this after changing the chart:
 *   npm run --workspace tools/ops render-k8s
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chartDir,
  deployablesInApps,
  ensureKubeTools,
  type KubeTools,
  repoRoot,
  runTool,
} from './kube-tools.js';

export const RELEASE = 'memoreel';
export const NAMESPACE = 'memoreel';

const header = (how: string) =>
  `# Generated from helm/memoreel by \`npm run --workspace tools/ops render-k8s\` (${how}).\n` +
  '# Do not edit: change the chart or its values and render again (decision 0014).\n';

/** Path (relative to the repository) → content of every rendered file. */
export async function renderK8s(tools: KubeTools): Promise<Record<string, string>> {
  const chart = relative(repoRoot, chartDir);
  const base = await runTool(tools.helm, [
    'template',
    RELEASE,
    chart,
    '--namespace',
    NAMESPACE,
    '-f',
    'k8s/base/values.yaml',
  ]);
  const dependencies = await runTool(tools.helm, [
    'template',
    RELEASE,
    chart,
    '--namespace',
    NAMESPACE,
    '-f',
    `${chart}/values-dev.yaml`,
    // The base's deployables read this Secret; the component writes it with throwaway values.
    '--set',
    'secrets.existingSecret=memoreel-secrets',
    // The base connects every deployable as its NATS user; this broker has no authorization block,
    // so it accepts any password, but the Secret must hold the keys the pods read.
    ...[...deployablesInApps(), 'bus-admin'].flatMap((name) => [
      '--set',
      `secrets.values.nats-password-${name}=dev-${name}`,
    ]),
    ...['dev/postgres.yaml', 'dev/nats.yaml', 'dev/minio.yaml', 'secret.yaml'].flatMap((file) => [
      '--show-only',
      `templates/${file}`,
    ]),
  ]);
  return {
    'k8s/base/memoreel.yaml': header('helm template with k8s/base/values.yaml') + base,
    'k8s/components/in-cluster-dependencies/dependencies.yaml':
      header('the dev templates with values-dev.yaml') + dependencies,
  };
}

/** Files whose committed content differs from a fresh render. */
export async function staleK8sFiles(tools: KubeTools): Promise<string[]> {
  const rendered = await renderK8s(tools);
  return Object.entries(rendered)
    .filter(([path, content]) => {
      try {
        return readFileSync(join(repoRoot, path), 'utf8') !== content;
      } catch {
        return true;
      }
    })
    .map(([path]) => path);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rendered = await renderK8s(ensureKubeTools());
  for (const [path, content] of Object.entries(rendered)) {
    writeFileSync(join(repoRoot, path), content);
    console.log(`wrote ${path}`);
  }
}
