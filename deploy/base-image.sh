#!/usr/bin/env bash
# Makes localhost/bookworm-base: a minimal Debian bookworm root filesystem from debootstrap,
# imported into podman (no image registry needed). Run as root; ~25 s, ~200 MB.
#   bash deploy/base-image.sh [--force]
set -euo pipefail
IMAGE=localhost/bookworm-base
# The mirror is this machine's own (its apt sources), never one written here.
machine_mirror() {
  local uri
  uri=$(grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -v security | head -1)
  [ -n "$uri" ] || uri=$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{print $2}' | grep -v security | head -1)
  echo "$uri"
}
MIRROR=${DEBIAN_MIRROR:-$(machine_mirror)}
if [ -z "$MIRROR" ]; then
  echo "No Debian mirror found in /etc/apt: set DEBIAN_MIRROR." >&2
  exit 1
fi

bash "$(dirname "$0")/podman-setup.sh"
if podman image exists "$IMAGE" && [[ ${1:-} != --force ]]; then
  echo "$IMAGE exists (--force makes it again)"
  exit 0
fi
command -v debootstrap >/dev/null || apt-get install -y debootstrap
root=$(mktemp -d /var/tmp/bookworm-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase bookworm "$root" "$MIRROR"
# The apt sources of a Debian install, as this machine has them: debootstrap writes only the main
# suite, and without -updates and -security a newcomer's image gets an older Chromium than any
# installed machine (150 against 156, whose pictures the render parity spec pins).
if ls /etc/apt/sources.list.d/*.sources >/dev/null 2>&1; then
  cp /etc/apt/sources.list.d/*.sources "$root/etc/apt/sources.list.d/"
  : >"$root/etc/apt/sources.list"
elif [ -f /etc/apt/sources.list ]; then
  cp /etc/apt/sources.list "$root/etc/apt/sources.list"
fi
# Smaller: no apt lists, docs or man pages in the base (the images install what they need).
rm -rf "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/var/cache/apt/*.bin
# Without PATH nothing is found in the imported image.
tar -C "$root" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV LANG=C.UTF-8' \
  --change 'CMD ["/bin/bash"]' \
  - "$IMAGE"
podman image ls "$IMAGE"
