import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { metricsRegistry } from '@memoreel/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { chartDir, ensureKubeTools, repoRoot, runTool } from '../src/kube-tools.js';
import { type KubeObject, parseManifests } from '../src/manifests.js';

const deploy = join(repoRoot, 'deploy');
/** The dashboards and alerts ship inside the chart (ConfigMaps and a PrometheusRule). */
const files = join(chartDir, 'files');

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

/** Every series an expression selects: a name (the NATS prefix as its variable) before `{` or `[`. */
function seriesIn(expression: string): string[] {
  return [...expression.matchAll(/(\$\{nats_prefix\}[a-z0-9_]*|\b[a-z_:][a-z0-9_:]*)(?=\{|\[)/g)].map(
    (m) => m[1] as string,
  );
}

const external = JSON.parse(readFileSync(join(files, 'external-metrics.json'), 'utf8')) as Record<
  string,
  { metrics: string[] } | string
>;
const externalMetrics = new Set(
  Object.values(external).flatMap((entry) => (typeof entry === 'string' ? [] : entry.metrics)),
);

const dashboards = readdirSync(join(files, 'grafana'))
  .filter((file) => file.endsWith('.json') && file !== 'pending-metrics.json')
  .map((file) => ({
    file,
    json: JSON.parse(readFileSync(join(files, 'grafana', file), 'utf8')) as {
      uid: string;
      title: string;
      panels: { id: number; title: string; targets: { expr: string }[] }[];
      templating: { list: { name: string; query: unknown }[] };
    },
  }));
const pending = JSON.parse(readFileSync(join(files, 'grafana', 'pending-metrics.json'), 'utf8')) as {
  metrics: Record<string, string>;
  declaredButNotRecorded: Record<string, string>;
};
const alerts = parse(readFileSync(join(files, 'prometheus', 'alerts.yaml'), 'utf8')) as {
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

  it('name only series the code emits, prom-client adds, or a documented exporter has', async () => {
    const emitted = exportedMetrics();
    const defaults = new Set(
      (await metricsRegistry.getMetricsAsJSON()).flatMap((metric) =>
        String(metric.type) === 'histogram'
          ? ['_bucket', '_count', '_sum'].map((suffix) => metric.name + suffix)
          : [metric.name],
      ),
    );
    expect(defaults).toContain('process_resident_memory_bytes');
    const known = (name: string) =>
      externalMetrics.has(name) ||
      defaults.has(name) ||
      emitted.has(name.replace(/_(bucket|count|sum)$/, '')) ||
      name in pending.metrics;
    const expressions = [
      ...dashboards.flatMap((d) => d.json.panels.flatMap((p) => p.targets.map((t) => t.expr))),
      ...alerts.groups.flatMap((g) => g.rules.map((r) => r.expr)),
    ];
    const named = new Set(expressions.flatMap(seriesIn));
    // The exporter's series as written: its prefix is a variable (biome: not a template string).
    const natsPending = ['$', '{nats_prefix}_consumer_num_pending'].join('');
    expect(named).toContain(natsPending);
    expect([...named].filter((name) => !known(name))).toEqual([]);
  });

  it('read NATS series from the consumer or stream leader only, and keep render and photo-edit lag apart', () => {
    const expressions = [
      ...dashboards.flatMap((d) => d.json.panels.flatMap((p) => p.targets.map((t) => t.expr))),
      ...alerts.groups.flatMap((g) => g.rules.map((r) => r.expr)),
    ];
    for (const expression of expressions) {
      for (const match of expression.matchAll(/\$\{nats_prefix\}_(consumer|stream)_[a-z_]+\{([^}]*)\}/g))
        expect(match[2], expression).toContain(`is_${match[1]}_leader="true"`);
      // No stream named by a fixed namespace, no exporter prefix written in.
      expect(expression, expression).not.toMatch(/MEMOREEL_|\bjetstream_/);
    }
    const jobLag = expressions.filter((e) => e.includes('_JOBS"'));
    expect(jobLag.some((e) => e.includes('render-worker--'))).toBe(true);
    expect(jobLag.some((e) => e.includes('photo-edit-worker--'))).toBe(true);
    expect(jobLag.filter((e) => !/(render|photo-edit)-worker--/.test(e))).toEqual([]);
    for (const { file, json } of dashboards.filter((d) =>
      JSON.stringify(d.json.panels).includes('nats_prefix'),
    ))
      expect(
        json.templating.list.map((v) => v.name),
        file,
      ).toEqual(expect.arrayContaining(['nats_prefix', 'bus_stream']));
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

describe('the chart ships them', () => {
  let objects: KubeObject[] = [];
  const render = async (...sets: string[]) => {
    const { helm } = ensureKubeTools();
    return parseManifests(
      await runTool(helm, [
        'template',
        'memoreel',
        chartDir,
        '-n',
        'memoreel',
        ...sets.flatMap((s) => ['--set', s]),
      ]),
    );
  };
  beforeAll(async () => {
    objects = await render(
      'monitoring.dashboards.enabled=true',
      'monitoring.prometheusRule.enabled=true',
      'config.busNamespace=staging',
    );
  });

  it("as ConfigMaps for Grafana's sidecar, one per dashboard", () => {
    const maps = objects.filter((o) => o.kind === 'ConfigMap' && o.metadata.name.includes('-dashboard-'));
    expect(
      maps.map((m) => Object.keys((m as unknown as { data: Record<string, string> }).data)[0]).sort(),
    ).toEqual(dashboards.map((d) => d.file).sort());
    for (const map of maps) {
      expect(map.metadata.labels?.grafana_dashboard).toBe('1');
      const json = JSON.parse(
        Object.values((map as unknown as { data: Record<string, string> }).data)[0] as string,
      );
      // The bus stream variable starts at this release's namespace.
      expect(JSON.stringify(json.templating)).not.toContain('"MEMOREEL"');
    }
  });

  it("as a PrometheusRule with the exporter prefix and the release's streams filled in", async () => {
    const [rule] = objects.filter((o) => o.kind === 'PrometheusRule');
    const text = JSON.stringify(rule);
    expect(text).not.toContain('${');
    expect(text).toContain(
      'nats_consumer_num_pending{is_consumer_leader=\\"true\\",stream_name=\\"STAGING_JOBS\\"',
    );
    const spec = (rule as unknown as { spec: typeof alerts }).spec;
    expect(spec.groups.flatMap((g) => g.rules.map((r) => r.alert))).toEqual(
      alerts.groups.flatMap((g) => g.rules.map((r) => r.alert)),
    );
    const plain = await render(
      'monitoring.prometheusRule.enabled=true',
      'monitoring.natsExporterPrefix=jetstream',
    );
    expect(JSON.stringify(plain.find((o) => o.kind === 'PrometheusRule'))).toContain(
      'jetstream_consumer_num_pending{',
    );
  });

  it('not at all by default', async () => {
    const plain = await render();
    expect(
      plain.filter((o) => o.kind === 'PrometheusRule' || o.metadata.name.includes('-dashboard-')),
    ).toEqual([]);
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
