#!/usr/bin/env bash
# Installs what the local runtime (DESIGN.md §10) needs and is missing:
#   1. redis-server and openssl, from Debian's packages;
#   2. the pinned moto virtualenv at <repo>/.tools/moto.
# Idempotent and silent when everything is already there; runnable from any
# folder. Set PYTHON to choose the interpreter for the virtualenv (default python3).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
REQUIREMENTS="$ROOT/libs/receiver-testkit/src/main/python/requirements-moto.txt"
VENV="$ROOT/.tools/moto"
STAMP="$VENV/.requirements.sha256"
PYTHON="${PYTHON:-python3}"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

log() { echo "setup: $*" >&2; }

# Debian packages, installed without letting their services start: the tests
# start their own redis-server on a free port, a system one would only be in
# the way. policy-rc.d (exit 101 = "action forbidden") is Debian's own switch
# for that; an existing one is left untouched.
apt_install() {
  local policy=/usr/sbin/policy-rc.d
  local made_policy=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
    $SUDO chmod 755 "$policy"
    made_policy=1
  fi
  local rc=0 output
  output="$(
    {
      $SUDO apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@"
    } 2>&1
  )" || rc=$?
  if [ -n "$made_policy" ]; then
    $SUDO rm -f "$policy"
  fi
  if [ "$rc" -ne 0 ]; then
    echo "$output" >&2
  fi
  return "$rc"
}

ensure_redis() {
  command -v redis-server >/dev/null 2>&1 && return 0
  log "installing redis-server"
  apt_install redis-server
}

# The local Redis Cluster speaks TLS only, as ElastiCache Serverless does; its throwaway CA and
# server certificates are made with the openssl command line (com.example.localaws.LocalTls).
ensure_openssl() {
  command -v openssl >/dev/null 2>&1 && return 0
  log "installing openssl"
  apt_install openssl
}

# A bare Debian python3 lacks ensurepip until python3-venv is installed.
ensure_venv_module() {
  "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1 && return 0
  log "installing python3-venv"
  apt_install python3-venv
}

# What the virtualenv was built from: the requirements and the interpreter.
wanted_stamp() {
  {
    cat "$REQUIREMENTS"
    "$PYTHON" -c 'import sys; print(sys.version)'
  } | sha256sum | cut -d' ' -f1
}

venv_is_current() {
  [ -f "$STAMP" ] &&
    [ "$(cat "$STAMP")" = "$1" ] &&
    "$VENV/bin/python" -c 'import importlib.util as u, sys
sys.exit(not all(u.find_spec(m) for m in ("moto", "boto3", "pytest", "flask")))' >/dev/null 2>&1
}

# Rebuilt from scratch rather than upgraded in place, so that a package dropped
# from the requirements does not linger.
ensure_moto_venv() {
  local stamp
  stamp="$(wanted_stamp)"
  venv_is_current "$stamp" && return 0
  ensure_venv_module
  log "creating $(basename "$ROOT")/.tools/moto from requirements-moto.txt"
  rm -rf "$VENV"
  mkdir -p "$(dirname "$VENV")"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-input -r "$REQUIREMENTS"
  echo "$stamp" >"$STAMP"
}

ensure_redis
ensure_openssl
ensure_moto_venv
