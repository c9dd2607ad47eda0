#!/usr/bin/env bash
# Runs the Helm chart's Deployments as pods on this machine with `podman kube play --network host`
# (no Kubernetes here: PLATFORM-NOTES), against the local Postgres and NATS (127.0.0.1:5432, :4222)
# and an S3 server (s3rver) this script starts on 127.0.0.1:9100.
#   bash deploy/podman/play.sh [--tag 0.1.0]    start, migrate, play, wait until every pod is ready
#   bash deploy/podman/play.sh video            a real video through the gateway (make-video.mjs)
#   bash deploy/podman/play.sh e2e              the images (build-images.sh; SKIP_BUILD=1 uses those
#                                               there), up, a video while one render worker is killed
#                                               mid-render, the pods' metrics, down; each phase timed
#   bash deploy/podman/play.sh down             remove the pods and stop the S3 server
# Needs the images of deploy/build-images.sh (without render-worker's, that deployable is left out).
# RENDER_WORKERS (default 2): render-worker pods, each on its own port (3009, 3019, …: host network).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash deploy/podman-setup.sh

TAG=$(node -p "require('./package.json').version")
STATE=${MEMOREEL_PODS_DIR:-/var/tmp/memoreel-pods}
MANIFEST=$STATE/memoreel.yaml
DATABASE=memoreel_pods
DATABASE_URL="postgres://postgres@127.0.0.1:5432/${DATABASE}"

RENDER_WORKERS=${RENDER_WORKERS:-2}
STRIPE_WEBHOOK_SECRET=whsec_memoreel_pods # deploy/podman/values.yaml

down() {
  [[ -f $MANIFEST ]] && podman kube down "$MANIFEST" >/dev/null 2>&1 || true
  podman pod ls --filter name='^memoreel-' --format '{{.Name}}' | xargs -r podman pod rm -f >/dev/null
  podman secret rm memoreel-pods >/dev/null 2>&1 || true
  [[ -f $STATE/s3rver.pid ]] && kill "$(cat "$STATE/s3rver.pid")" 2>/dev/null || true
  rm -f "$STATE/s3rver.pid"
  # Volumes podman made for the pods' emptyDirs.
  podman volume ls --format '{{.Name}}' | grep -E '^(tmp|shm)$' | xargs -r podman volume rm -f >/dev/null || true
}
video() {
  STRIPE_WEBHOOK_SECRET=$STRIPE_WEBHOOK_SECRET node deploy/podman/make-video.mjs http://127.0.0.1:3000
}
if [[ ${1:-} == down ]]; then
  down
  exit 0
fi
if [[ ${1:-} == video ]]; then
  video
  exit
fi
if [[ ${1:-} == e2e ]]; then
  # The images first (of the committed tree; layers whose inputs did not change are reused), unless
  # SKIP_BUILD=1 says the ones there are wanted.
  since=$SECONDS
  images_s=skipped
  if [[ -z ${SKIP_BUILD:-} ]]; then
    bash deploy/build-images.sh --commit HEAD
    images_s="$((SECONDS - since)) s"
  fi
  since=$SECONDS
  bash deploy/podman/play.sh up
  up_s=$((SECONDS - since))
  since=$SECONDS
  # The first worker pod is killed once the render is under way: its chunk goes to the other (or to
  # the same pod once podman has restarted it) when JetStream's ack wait runs out.
  first_worker=$(podman pod ls --filter name='^memoreel-render-worker' --format '{{.Name}}' | sort | head -1)
  status=0
  ON_RENDERING="podman pod kill $first_worker >/dev/null && echo '  • killed pod $first_worker'" video || status=$?
  video_s=$((SECONDS - since))
  echo "• metrics the dashboards read, from the pods"
  for port in 3003 3006 $(seq 3009 10 $((3009 + 10 * (RENDER_WORKERS - 1)))); do
    curl -fsS -m 3 "http://127.0.0.1:${port}/metrics" 2>/dev/null |
      grep -E '^memoreel_(uploads_total|upload_bytes_total|renders_total|render_chunks_total|render_frames_total|render_chunk_duration_seconds_count)' |
      sed "s/^/  :${port} /" || true
  done
  since=$SECONDS
  down
  echo "• phases: images ${images_s}, up ${up_s} s, video ${video_s} s, down $((SECONDS - since)) s"
  exit $status
fi
[[ ${1:-} == up ]] && shift
[[ ${1:-} == --tag ]] && TAG=$2
mkdir -p "$STATE"
HELM=$(npm run --silent --workspace tools/ops kube-tools -- helm)

podman image exists "localhost/memoreel/service:${TAG}" || {
  echo "localhost/memoreel/service:${TAG} is missing: bash deploy/build-images.sh" >&2
  exit 1
}
extra=()
for worker in render-worker photo-edit-worker; do
  if ! podman image exists "localhost/memoreel/${worker}:${TAG}"; then
    echo "• no ${worker} image: that deployable is left out"
    extra+=(--set "deployables.${worker}.enabled=false")
  fi
done

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
if podman image exists "localhost/memoreel/render-worker:${TAG}"; then
  # The shipped music (synthesised with ffmpeg, which only that image has).
  run --env DATABASE_URL="$DATABASE_URL" --env STORAGE_DRIVER=s3 --env S3_ENDPOINT=http://127.0.0.1:9100 \
    --env S3_ACCESS_KEY=S3RVER --env S3_SECRET_KEY=S3RVER "localhost/memoreel/render-worker:${TAG}" \
    apps/render/dist/main.js seed
fi

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
  // Replicas would all listen on the same host port: each further render worker is a Deployment of
  // its own on the next port (3019, 3029, …), as \$RENDER_WORKERS asks.
  const worker = docs.find((d) => d.kind === 'Deployment' && d.metadata.name.endsWith('-render-worker'));
  if (worker) {
    worker.spec.replicas = 1;
    for (let i = 1; i < $RENDER_WORKERS; i += 1) {
      const copy = structuredClone(worker);
      copy.metadata.name = worker.metadata.name + '-' + (i + 1);
      const c = copy.spec.template.spec.containers[0];
      c.ports[0].containerPort += 10 * i;
      c.env = [...c.env.filter((e) => e.name !== 'PORT'), { name: 'PORT', value: String(c.ports[0].containerPort) }];
      docs.push(copy);
    }
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
# Without systemd (a container or a minimal VM) podman logs each probe it cannot turn into a systemd
# timer; the probes are Kubernetes', not podman's, so those lines say nothing here.
podman kube play --network host "$MANIFEST" 2> >(grep -v 'unable to get systemd connection' >&2) >/dev/null

ports=$(node -e "
  const y=require('fs').readFileSync('$MANIFEST','utf8');
  console.log([...new Set([...y.matchAll(/port: (\d+)/g)].map(m=>m[1]))].join(' '))")
# The gateway's readiness is on its ops port (OPS_PORT, 9464), not on its public 3000.
for port in $(echo "$ports" | sed 's/\b3000\b/9464/'); do
  for _ in $(seq 1 90); do
    curl -fsS -m 2 "http://127.0.0.1:${port}/health/ready" >/dev/null 2>&1 && break
    sleep 2
  done
  printf '  :%s %s\n' "$port" "$(curl -sS -m 2 "http://127.0.0.1:${port}/health/ready" 2>&1 || true)"
done
podman pod ps --format '{{.Name}} {{.Status}} {{.NumberOfContainers}}'
