#!/usr/bin/env bash
# Sourced by the setup scripts: installs Debian packages as root, or names them for a user to install.
# The package lists are updated at most once a day.
apt_install() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing system packages: $*. Install them with: sudo apt-get install -y $*" >&2
    exit 1
  fi
  if [ ! -f /var/lib/apt/.memoreel-updated ] || [ -z "$(find /var/lib/apt/.memoreel-updated -mmin -1440 2>/dev/null)" ]; then
    apt-get update -qq && touch /var/lib/apt/.memoreel-updated
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
