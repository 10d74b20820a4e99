#!/usr/bin/env bash
# Installs the template tools that are missing (DESIGN.md §10), each in its own pinned
# virtualenv under <repo>/.tools (gitignored):
#   .tools/sam   AWS SAM CLI          from testing/local-aws/requirements-sam.txt
#   .tools/lint  cfn-lint + checkov   from testing/local-aws/requirements-lint.txt
#   .tools/awscli  the AWS CLI        from testing/local-aws/requirements-awscli.txt (README's call against make up)
#   .tools/cloudsplaining  the IAM checker  from infra/rehearse/requirements-cloudsplaining.txt (make rehearse)
#   .tools/webhooks  the Standard Webhooks Python verifier  from testing/webhook-verifiers/requirements.txt
# A virtualenv is rebuilt from scratch when its requirements file or the interpreter changes
# (a stamp holds their hash), and left alone otherwise, so a second run is silent and quick;
# the missing ones are made side by side.
# Runnable from any folder. PYTHON chooses the interpreter (default python3, 3.11 tested).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/testing/local-aws"
PYTHON="${PYTHON:-python3}"

log() { echo "setup-sam-tools: $*" >&2; }

# A bare Debian python3 lacks ensurepip until python3-venv is installed.
ensure_venv_module() {
  "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1 && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
  fi
  log "installing python3-venv"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
}

# What a virtualenv was built from: its requirements and the interpreter.
wanted_stamp() {
  {
    cat "$1"
    "$PYTHON" -c 'import sys; print(sys.version)'
  } | sha256sum | cut -d' ' -f1
}

# ensure_venv NAME REQUIREMENTS COMMAND...: the virtualenv .tools/NAME, current when its
# stamp matches, its interpreter runs and each COMMAND (a console script of it) is there.
ensure_venv() {
  local name="$1" requirements="$2"
  shift 2
  local venv="$ROOT/.tools/$name"
  local stamp_file="$venv/.requirements.sha256"
  local stamp
  stamp="$(wanted_stamp "$requirements")"
  if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ] &&
    "$venv/bin/python" -c '' >/dev/null 2>&1; then
    local command current=1
    for command in "$@"; do
      [ -x "$venv/bin/$command" ] || current=""
    done
    if [ -n "$current" ]; then
      return 0
    fi
  fi
  log "creating .tools/$name from $(basename "$requirements") (a few minutes, once)"
  rm -rf "$venv"
  mkdir -p "$ROOT/.tools"
  "$PYTHON" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-input -r "$requirements"
  # The stamp is written last: an interrupted install is redone on the next run.
  echo "$stamp" >"$stamp_file"
}

ensure_venv_module
# The five are independent, and pip mostly waits on downloads: they are made side by side, and
# any that failed is named after all have ended, non-zero.
pids=() names=()
start() {
  ensure_venv "$@" &
  pids+=("$!") names+=("$1")
}
start sam "$HERE/requirements-sam.txt" sam
start lint "$HERE/requirements-lint.txt" cfn-lint checkov
start awscli "$HERE/requirements-awscli.txt" aws
start cloudsplaining "$ROOT/infra/rehearse/requirements-cloudsplaining.txt" cloudsplaining
start webhooks "$ROOT/testing/webhook-verifiers/requirements.txt"
failed=()
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || failed+=(".tools/${names[$i]}")
done
if [ "${#failed[@]}" -gt 0 ]; then
  log "could not make ${failed[*]} (pip's errors above); run this script again to retry"
  exit 1
fi
