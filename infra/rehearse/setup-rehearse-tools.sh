#!/usr/bin/env bash
# Installs what make rehearse (and its tests) need that is missing: the SAM tools virtualenv
# (.tools/sam: AWS's SAM translator) and the pinned IAM evaluator (npm ci into
# infra/rehearse/iam/node_modules, again whenever its lock file changes). Runnable from any folder.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
IAM="$ROOT/infra/rehearse/iam"

"$ROOT/infra/local/setup-sam-tools.sh"

for command in node npm; do
  if ! command -v "$command" >/dev/null 2>&1; then
    echo "setup-rehearse-tools: the IAM evaluator needs '$command' (Node.js 18 or newer) on PATH" >&2
    exit 1
  fi
done
stamp="$(sha256sum "$IAM/package-lock.json" | cut -d' ' -f1)"
if [ ! -f "$IAM/node_modules/.lock-sha256" ] || [ "$(cat "$IAM/node_modules/.lock-sha256")" != "$stamp" ]; then
  echo "setup-rehearse-tools: installing the pinned IAM evaluator (npm ci)" >&2
  (cd "$IAM" && npm ci --no-audit --no-fund --loglevel=error >&2)
  echo "$stamp" >"$IAM/node_modules/.lock-sha256"
fi
