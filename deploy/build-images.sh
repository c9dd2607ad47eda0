#!/usr/bin/env bash
# Builds Memoreel's images with podman (as root, runc; see deploy/README.md):
#   localhost/memoreel/service:<tag>        gateway, auth, projects, media, sharing, billing, render
#   localhost/memoreel/render-worker:<tag>  the same + Chromium, ffmpeg, fonts, the render page
#   localhost/memoreel/photo-edit-worker:<tag>  the photo-edit worker with its models
# and prints their sizes. Slow (a full npm install and build inside the image): ~10–20 min on 2 cores.
#   bash deploy/build-images.sh [--tag 0.1.0] [--only service,render-worker,photo-edit-worker] [--commit HEAD]
#                               [--exclude @memoreel/photo-edit-worker]   (projects the build leaves out)
# --commit builds a commit (git archive) instead of the working tree, so work in progress stays out.
# The host's npm cache ($NPM_CACHE, default ~/.npm) is mounted into the build to spare downloads, and
# Nx's folder ($NX_CACHE) so that a source change rebuilds only the projects it touches; the npm
# installs and Chromium's layer are reused unless a package manifest changed (deploy/Containerfile).
set -euo pipefail
cd "$(dirname "$0")/.."

TAG=$(node -p "require('./package.json').version")
ONLY=""
COMMIT=""
EXCLUDE=@memoreel/standalone
NPM_CACHE=${NPM_CACHE:-$HOME/.npm}
# Nx's folder (its cache and the database that vouches for the cache), kept between builds: a
# change rebuilds only the projects it touches (a cache without its database is refused as unknown).
NX_CACHE=${NX_CACHE:-/var/tmp/memoreel-nx}
while [[ $# -gt 0 ]]; do
  case $1 in
    --tag) TAG=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    --commit) COMMIT=$2; shift 2 ;;
    --exclude) EXCLUDE="$EXCLUDE,$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

bash deploy/base-image.sh

source deploy/node-tarballs.sh
# Behind a TLS-inspecting proxy the build's npm needs its CA: NODE_EXTRA_CA_CERTS goes into the build
# stage only (never into the images that ship).
: >deploy/.build/build-ca.pem
[[ -n ${NODE_EXTRA_CA_CERTS:-} && -f $NODE_EXTRA_CA_CERTS ]] && cp "$NODE_EXTRA_CA_CERTS" deploy/.build/build-ca.pem
echo "Node ${NODE_VERSION}, npm ${NPM_VERSION} (deploy/.build)"

context=.
if [[ -n $COMMIT ]]; then
  context=$(mktemp -d /var/tmp/memoreel-context.XXXXXX)
  trap 'rm -rf "$context"' EXIT
  git archive "$COMMIT" | tar -x -C "$context"
  mkdir -p "$context/deploy/.build"
  cp "deploy/.build/$NODE_TGZ" "deploy/.build/$NPM_TGZ" deploy/.build/build-ca.pem "$context/deploy/.build/"
  echo "Context: $COMMIT ($(git rev-parse --short "$COMMIT"))"
fi
mkdir -p "$NPM_CACHE" "$NX_CACHE"

targets=(service render-worker photo-edit-worker)
[[ -n $ONLY ]] && IFS=, read -ra targets <<<"$ONLY"
for target in "${targets[@]}"; do
  echo "━━ localhost/memoreel/${target}:${TAG}"
  started=$SECONDS
  podman build --network host \
    --volume "$NPM_CACHE:/root/.npm" --volume "$NX_CACHE:/src/.nx" \
    --file "$context/deploy/Containerfile" --ignorefile "$context/deploy/containerignore" \
    --build-arg "NODE_TGZ=${NODE_TGZ}" --build-arg "NPM_TGZ=${NPM_TGZ}" --build-arg "NX_EXCLUDE=${EXCLUDE}" \
    --target "$target" \
    --label "org.opencontainers.image.version=${TAG}" \
    --label "org.opencontainers.image.source=memoreel" \
    --tag "localhost/memoreel/${target}:${TAG}" \
    "$context"
  echo "━━ ${target}: built in $((SECONDS - started)) s"
done

echo
echo "Images:"
for target in "${targets[@]}"; do
  podman image inspect "localhost/memoreel/${target}:${TAG}" --format \
    "  {{index .RepoTags 0}}  {{.Size}} bytes" | awk '{ printf "%s  %.0f MB\n", $1, $2 / 1000000 }'
done
