import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../src/kube-tools.js';

const deploy = join(repoRoot, 'deploy');

/** Every metric name a deployable registers with prom-client (`name: 'memoreel_…'`) in libs and apps. */
function exportedMetrics(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'dist', 'generated'].includes(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
        for (const match of readFileSync(path, 'utf8').matchAll(/name:\s*'(memoreel_[a-z0-9_]+)'/g))
          names.add(match[1] as string);
    }
  };
  for (const root of ['libs', 'apps']) walk(join(repoRoot, root));
  return names;
}

/** memoreel_* metric families an expression reads (histogram suffixes folded into the family). */
function metricsIn(expression: string): string[] {
  return [...expression.matchAll(/\b(memoreel_[a-z0-9_]+)/g)].map((m) =>
    (m[1] as string).replace(/_(bucket|count|sum)$/, ''),
  );
}

const dashboards = readdirSync(join(deploy, 'grafana'))
  .filter((file) => file.endsWith('.json') && file !== 'pending-metrics.json')
  .map((file) => ({
    file,
    json: JSON.parse(readFileSync(join(deploy, 'grafana', file), 'utf8')) as {
      uid: string;
      title: string;
      panels: { id: number; title: string; targets: { expr: string }[] }[];
    },
  }));
const pending = JSON.parse(readFileSync(join(deploy, 'grafana', 'pending-metrics.json'), 'utf8')) as {
  metrics: Record<string, string>;
  declaredButNotRecorded: Record<string, string>;
};
const alerts = parse(readFileSync(join(deploy, 'prometheus', 'alerts.yaml'), 'utf8')) as {
  groups: {
    name: string;
    rules: { alert: string; expr: string; labels: { severity: string }; annotations: { summary: string } }[];
  }[];
};

describe('dashboards and alerts', () => {
  it('cover API latency and errors, queue lag and workers, render throughput and uploads', () => {
    expect(dashboards.map((d) => d.json.uid).sort()).toEqual([
      'memoreel-api',
      'memoreel-queues',
      'memoreel-render',
      'memoreel-uploads',
    ]);
    for (const { file, json } of dashboards) {
      expect(json.panels.length, file).toBeGreaterThan(3);
      expect(new Set(json.panels.map((p) => p.id)).size, file).toBe(json.panels.length);
      for (const panel of json.panels)
        expect(panel.targets.length, `${file}: ${panel.title}`).toBeGreaterThan(0);
    }
  });

  it('read only metrics the services export, or ones listed as pending', () => {
    const exported = exportedMetrics();
    expect(exported).toContain('memoreel_http_request_duration_seconds');
    const used = new Set([
      ...dashboards.flatMap((d) => d.json.panels.flatMap((p) => p.targets.flatMap((t) => metricsIn(t.expr)))),
      ...alerts.groups.flatMap((g) => g.rules.flatMap((r) => metricsIn(r.expr))),
    ]);
    const unknown = [...used].filter((name) => !exported.has(name) && !(name in pending.metrics));
    expect(unknown).toEqual([]);
    // A pending metric that is now exported leaves the list (and the report).
    expect(Object.keys(pending.metrics).filter((name) => exported.has(name))).toEqual([]);
    for (const name of Object.keys(pending.declaredButNotRecorded)) expect(exported).toContain(name);
  });

  it('alert on error rate, growing lag, failing renders and restarting pods', () => {
    const names = alerts.groups.flatMap((g) => g.rules.map((r) => r.alert));
    for (const name of [
      'MemoreelGatewayErrorRate',
      'MemoreelRenderQueueLagGrowing',
      'MemoreelRendersFailing',
      'MemoreelPodRestarting',
    ])
      expect(names).toContain(name);
    for (const rule of alerts.groups.flatMap((g) => g.rules)) {
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.expr.split('(').length, rule.alert).toBe(rule.expr.split(')').length);
    }
  });
});

describe('OpenTelemetry collector', () => {
  it('wires every pipeline to defined receivers, processors and exporters', () => {
    const config = parse(readFileSync(join(deploy, 'otel-collector.yaml'), 'utf8')) as {
      receivers: Record<string, unknown>;
      processors: Record<string, unknown>;
      exporters: Record<string, unknown>;
      service: {
        pipelines: Record<string, { receivers: string[]; processors: string[]; exporters: string[] }>;
      };
    };
    expect(Object.keys(config.service.pipelines).sort()).toEqual(['metrics', 'traces']);
    for (const [name, pipeline] of Object.entries(config.service.pipelines)) {
      for (const receiver of pipeline.receivers) expect(config.receivers, name).toHaveProperty([receiver]);
      for (const processor of pipeline.processors)
        expect(config.processors, name).toHaveProperty([processor]);
      for (const exporter of pipeline.exporters) expect(config.exporters, name).toHaveProperty([exporter]);
      expect(pipeline.processors[0], `${name}: memory_limiter first`).toBe('memory_limiter');
      expect(pipeline.processors.at(-1), `${name}: batch last`).toBe('batch');
    }
    // The deployables send OTLP over HTTP (OTEL_EXPORTER_OTLP_ENDPOINT, port 4318).
    expect(JSON.stringify(config.receivers)).toContain('4318');
  });
});
