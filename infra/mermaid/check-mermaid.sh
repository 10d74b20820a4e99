#!/usr/bin/env bash
# make check-mermaid: every mermaid block of README.md and docs/*.md parsed by Mermaid itself.
# Installs the pinned parser (npm ci into infra/mermaid/node_modules, again whenever its lock file
# changes) when missing. Runnable from any folder.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/infra/mermaid"

for command in node npm; do
  if ! command -v "$command" >/dev/null 2>&1; then
    echo "check-mermaid: needs '$command' (Node.js 20 or newer) on PATH" >&2
    exit 1
  fi
done
stamp="$(sha256sum "$HERE/package-lock.json" | cut -d' ' -f1)"
if [ ! -f "$HERE/node_modules/.lock-sha256" ] || [ "$(cat "$HERE/node_modules/.lock-sha256")" != "$stamp" ]; then
  echo "check-mermaid: installing the pinned Mermaid parser (npm ci)" >&2
  (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error >&2)
  echo "$stamp" >"$HERE/node_modules/.lock-sha256"
fi
cd "$ROOT"
node "$HERE/check.mjs" README.md docs/*.md
