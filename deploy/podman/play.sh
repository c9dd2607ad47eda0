#!/usr/bin/env bash
# Runs the Helm chart's Deployments as pods on this machine with `podman kube play --network host`
# (no Kubernetes here: PLATFORM-NOTES), against the local Postgres and NATS (127.0.0.1:5432, :4222)
# and an S3 server (s3rver) this script starts on 127.0.0.1:9100.
#   bash deploy/podman/play.sh [--tag 0.1.0]    start, migrate, play, wait until every pod is ready
#   bash deploy/podman/play.sh down             remove the pods and stop the S3 server
# Needs the images of deploy/build-images.sh (without render-worker's, that deployable is left out).
set -euo pipefail
cd "$(dirname "$0")/../.."

TAG=$(node -p "require('./package.json').version")
STATE=${MEMOREEL_PODS_DIR:-/var/tmp/memoreel-pods}
MANIFEST=$STATE/memoreel.yaml
DATABASE=memoreel_pods
DATABASE_URL="postgres://postgres@127.0.0.1:5432/${DATABASE}"

if [[ ${1:-} == down ]]; then
  [[ -f $MANIFEST ]] && podman kube down "$MANIFEST" || true
  podman pod ls --filter name='^memoreel-' --format '{{.Name}}' | xargs -r podman pod rm -f >/dev/null
  podman secret rm memoreel-pods >/dev/null 2>&1 || true
  [[ -f $STATE/s3rver.pid ]] && kill "$(cat "$STATE/s3rver.pid")" 2>/dev/null || true
  rm -f "$STATE/s3rver.pid"
  exit 0
fi
[[ ${1:-} == --tag ]] && TAG=$2
mkdir -p "$STATE"
HELM=$(npm run --silent --workspace tools/ops kube-tools -- helm)

podman image exists "localhost/memoreel/service:${TAG}" || {
  echo "localhost/memoreel/service:${TAG} is missing: bash deploy/build-images.sh" >&2
  exit 1
}
extra=()
if ! podman image exists "localhost/memoreel/render-worker:${TAG}"; then
  echo "• no render-worker image: that deployable is left out"
  extra+=(--set deployables.render-worker.enabled=false)
fi

echo "• database ${DATABASE}"
psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'" | grep -q 1 ||
  psql -h 127.0.0.1 -U postgres -c "CREATE DATABASE ${DATABASE}" >/dev/null

if ! { [[ -f $STATE/s3rver.pid ]] && kill -0 "$(cat "$STATE/s3rver.pid")" 2>/dev/null; }; then
  echo "• S3 (s3rver) on 127.0.0.1:9100"
  mkdir -p "$STATE/s3"
  (cd libs/testing && exec node --input-type=module -e "
    import S3rver from 's3rver';
    await new S3rver({ address: '127.0.0.1', port: 9100, silent: true, directory: '$STATE/s3',
      configureBuckets: [] }).run();
  " >"$STATE/s3rver.log" 2>&1 </dev/null) &
  echo $! >"$STATE/s3rver.pid"
  sleep 2
fi

run() { podman run --rm --network host --env NATS_URL=nats://127.0.0.1:4222 --env BUS_NAMESPACE=pods "$@"; }
echo "• migrations and bus streams"
for service in ${MIGRATE:-auth projects media sharing billing render}; do
  run --env DATABASE_URL="$DATABASE_URL" "localhost/memoreel/service:${TAG}" "apps/${service}/dist/main.js" migrate
done
run "localhost/memoreel/service:${TAG}" deploy/bin/bus-streams.mjs

echo "• pods"
# Deployments, their ConfigMap and Secret; no Services (on the host network each pod listens on its
# own port, and podman would turn a Service's ports into port mappings, refused with host networking).
$HELM template memoreel helm/memoreel -f deploy/podman/values.yaml --set "image.tag=${TAG}" "${extra[@]}" \
  --show-only templates/configmap.yaml --show-only templates/secret.yaml --show-only templates/deployments.yaml \
  >"$MANIFEST.chart"
# podman turns containerPorts into port mappings, which host networking refuses: drop them (each pod
# listens on PORT) and give the probes the number instead of the port's name.
node --input-type=module -e "
  import { readFileSync, writeFileSync } from 'node:fs';
  import { parseAllDocuments, stringify } from 'yaml';
  const all = parseAllDocuments(readFileSync('$MANIFEST.chart', 'utf8')).map((d) => d.toJS()).filter(Boolean);
  const docs = all.filter((d) => d.kind !== 'Secret');
  // podman 4.3 cannot read a Secret of the same file back for secretKeyRef: inline its values here
  // (this file stays on this machine) and leave optional keys it lacks out.
  const secret = all.find((d) => d.kind === 'Secret')?.stringData ?? {};
  for (const doc of docs) for (const c of doc.spec?.template?.spec?.containers ?? []) {
    c.env = (c.env ?? []).flatMap((e) => {
      const ref = e.valueFrom?.secretKeyRef;
      if (!ref) return [e];
      return ref.key in secret ? [{ name: e.name, value: secret[ref.key] }] : [];
    });
  }
  for (const doc of docs) for (const c of doc.spec?.template?.spec?.containers ?? []) {
    const port = c.ports?.[0]?.containerPort;
    delete c.ports;
    for (const probe of [c.startupProbe, c.livenessProbe, c.readinessProbe]) if (probe?.httpGet) probe.httpGet.port = port;
  }
  writeFileSync('$MANIFEST', docs.map((d) => stringify(d)).join('---\\n'));
" 2>&1
podman kube down "$MANIFEST" >/dev/null 2>&1 || true
podman pod ls --filter name='^memoreel-' --format '{{.Name}}' | xargs -r podman pod rm -f >/dev/null
podman secret rm memoreel-pods >/dev/null 2>&1 || true
podman kube play --network host "$MANIFEST" >/dev/null

ports=$(node -e "
  const y=require('fs').readFileSync('$MANIFEST.chart','utf8');
  console.log([...y.matchAll(/containerPort: (\d+)/g)].map(m=>m[1]).join(' '))")
for port in $ports; do
  for _ in $(seq 1 90); do
    curl -fsS -m 2 "http://127.0.0.1:${port}/health/ready" >/dev/null 2>&1 && break
    sleep 2
  done
  printf '  :%s %s\n' "$port" "$(curl -sS -m 2 "http://127.0.0.1:${port}/health/ready" 2>&1 || true)"
done
podman pod ps --format '{{.Name}} {{.Status}} {{.NumberOfContainers}}'
