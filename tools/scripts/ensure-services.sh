#!/usr/bin/env bash
# Starts this machine's PostgreSQL and NATS (JetStream) when they do not answer; the integration
# tests talk to them on 127.0.0.1:5432 (user postgres, trust) and 127.0.0.1:4222. On a machine that
# has neither, installs them from Debian first (as root; a user is told what to install).
set -uo pipefail
source "$(dirname "$0")/apt.sh"

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_for() {
  for _ in $(seq 1 50); do answers "$1" && return 0; sleep 0.2; done
  echo "$2 did not come up on 127.0.0.1:$1" >&2
  return 1
}

if ! answers 5432; then
  if ! command -v pg_ctlcluster >/dev/null || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    echo "• installing Debian PostgreSQL (integration tests)"
    apt_install postgresql
    # The tests connect as postgres over loopback without a password: trust that one role there,
    # ahead of the packaged rules.
    hba=$(ls -d /etc/postgresql/*/main | head -1)/pg_hba.conf
    if ! grep -q 'memoreel tests' "$hba"; then
      sed -i '1i host all postgres 127.0.0.1/32 trust # memoreel tests' "$hba"
    fi
  fi
  echo "• starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start
  wait_for 5432 PostgreSQL || exit 1
fi

if ! answers 4222; then
  if [ ! -x /usr/sbin/nats-server ]; then
    echo "• installing Debian nats-server (integration tests)"
    apt_install nats-server
  fi
  echo "• starting NATS with JetStream"
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  wait_for 4222 NATS || exit 1
fi
