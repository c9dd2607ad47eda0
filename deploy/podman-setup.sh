#!/usr/bin/env bash
# Makes podman usable here as root, once: installs podman, runc and debootstrap from Debian when they
# are missing, and writes the engine settings this kernel needs (PLATFORM-NOTES, Containers): runc
# rather than crun (crun fails on hybrid cgroups), cgroupfs, explicit nofile/nproc ulimits (without
# them setrlimit is refused). Idempotent; build-images.sh and podman/play.sh run it first.
#   bash deploy/podman-setup.sh
set -euo pipefail
CONF=/etc/containers/containers.conf.d/memoreel.conf

missing=()
for command in podman runc debootstrap; do
  command -v "$command" >/dev/null || missing+=("$command")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  if [[ $(id -u) -ne 0 ]]; then
    echo "podman, runc and debootstrap are needed: sudo apt-get install -y podman runc debootstrap" >&2
    exit 1
  fi
  echo "Installing ${missing[*]} (Debian packages)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null
fi

if [[ $(id -u) -eq 0 && ! -f $CONF ]]; then
  mkdir -p "$(dirname "$CONF")"
  cat >"$CONF" <<'CONF'
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"

[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]
CONF
  echo "Wrote $CONF"
fi
