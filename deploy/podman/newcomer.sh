#!/usr/bin/env bash
# The README's two commands on a newcomer's machine: a container of Debian with only Node.js (its own
# network namespace, so this machine's Postgres and NATS are not there to be found), a clean clone of
# HEAD copied under a private home (mkdir -m 700 /root/newcomer), then as root
#   start   `npm start` until its URL answers, then Ctrl+C, and no process may be left;
#   test    `npm test`, which must install what it needs and end with its summary line.
# Each phase is timed; the logs and timings.json go to $MEMOREEL_NEWCOMER_DIR (/var/tmp/memoreel-newcomer).
#   bash deploy/podman/newcomer.sh [start|test|all]     (default all; run as root)
set -euo pipefail
cd "$(dirname "$0")/../.."
PHASES=${1:-all}
STATE=${MEMOREEL_NEWCOMER_DIR:-/var/tmp/memoreel-newcomer}
IMAGE=localhost/memoreel/newcomer

bash deploy/podman-setup.sh
bash deploy/base-image.sh
source deploy/node-tarballs.sh

rm -rf "$STATE" && mkdir -p "$STATE"
echo "━━ image $IMAGE (Node ${NODE_VERSION})"
podman build --network host --quiet \
  --file deploy/podman/newcomer.containerfile \
  --build-arg "NODE_TGZ=${NODE_TGZ}" --build-arg "NPM_TGZ=${NPM_TGZ}" \
  --tag "$IMAGE" deploy/.build >/dev/null

# What was committed, as a clone gets it (no node_modules, no build output, no data).
git clone --quiet --no-local "$(pwd)" "$STATE/clone"
echo "━━ clone of $(git -C "$STATE/clone" log -1 --format='%h %s' | cut -c1-80)"

# Inside: the machine's package mirrors come from its own configuration (apt sources in the base
# image, the npm registry passed as npm's own setting).
cat >"$STATE/newcomer-inside.sh" <<'INSIDE'
set -uo pipefail
mkdir -m 700 /root/newcomer
cp -a /clone /root/newcomer/memoreel
cd /root/newcomer/memoreel
timing() { echo "{\"phase\":\"$1\",\"seconds\":$2,\"ok\":$3}" >>/state/timings.jsonl; }

if [[ $PHASES == all || $PHASES == start ]]; then
  started=$SECONDS
  setsid npm start >/state/start.log 2>&1 &
  leader=$!
  ok=false
  for _ in $(seq 1 900); do
    if node -e "fetch('http://127.0.0.1:3000/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then ok=true; break; fi
    kill -0 "$leader" 2>/dev/null || break
    sleep 1
  done
  timing start "$((SECONDS - started))" "$ok"
  cp .memoreel/logs/build.log /state/build.log 2>/dev/null || true
  # Ctrl+C reaches the whole foreground group; then nothing of Memoreel may be left running.
  kill -INT -- "-$leader" 2>/dev/null
  for _ in $(seq 1 30); do kill -0 "$leader" 2>/dev/null || break; sleep 1; done
  left=$(pgrep -f 'memoreel|postgres|apps/standalone' | grep -v "^$$\$" || true)
  [[ -z $left ]] || { echo "left running after Ctrl+C:"; ps -o pid,cmd -p $left; ok=false; }
  # A second start is fast: nothing to install or build.
  started=$SECONDS
  setsid npm start >/state/start-again.log 2>&1 &
  leader=$!
  again=false
  for _ in $(seq 1 300); do
    if node -e "fetch('http://127.0.0.1:3000/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then again=true; break; fi
    kill -0 "$leader" 2>/dev/null || break
    sleep 1
  done
  timing start-again "$((SECONDS - started))" "$again"
  kill -INT -- "-$leader" 2>/dev/null
  for _ in $(seq 1 30); do kill -0 "$leader" 2>/dev/null || break; sleep 1; done
  [[ $ok == true && $again == true ]] || exit 1
fi

if [[ $PHASES == all || $PHASES == test ]]; then
  started=$SECONDS
  npm test >/state/test.log 2>&1
  status=$?
  cp -r .reports /state/reports 2>/dev/null || true
  timing test "$((SECONDS - started))" "$([[ $status == 0 ]] && echo true || echo false)"
  tail -1 /state/test.log
  exit $status
fi
INSIDE

# Behind a TLS-inspecting proxy this machine trusts its CA (NODE_EXTRA_CA_CERTS); a newcomer's machine
# on the same network would too, so the container is given the same trust, and nothing else of ours.
trust=()
if [[ -n ${NODE_EXTRA_CA_CERTS:-} && -f $NODE_EXTRA_CA_CERTS ]]; then
  trust=(--volume "$NODE_EXTRA_CA_CERTS:/etc/memoreel-host-ca.pem:ro"
    --env NODE_EXTRA_CA_CERTS=/etc/memoreel-host-ca.pem --env npm_config_cafile=/etc/memoreel-host-ca.pem)
fi

echo "━━ $PHASES in the container (logs: $STATE)"
started=$SECONDS
status=0
# Open files as a Debian machine has them: a soft limit of 1024 and a far higher hard one (this
# machine's), so the README's commands must raise the soft one themselves.
podman run --rm --name memoreel-newcomer --shm-size 1g "${trust[@]}" \
  --ulimit "nofile=1024:$(ulimit -Hn)" --ulimit nproc=1024:1024 \
  --env "PHASES=$PHASES" --env "npm_config_registry=$(npm config get registry)" \
  --volume "$STATE/clone:/clone:ro" --volume "$STATE:/state" \
  "$IMAGE" bash /state/newcomer-inside.sh || status=$?
echo "━━ done in $((SECONDS - started)) s, exit $status"
cat "$STATE/timings.jsonl" 2>/dev/null || true
exit $status
