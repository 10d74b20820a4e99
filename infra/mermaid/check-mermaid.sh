#!/usr/bin/env bash
# make check-mermaid: every mermaid block of README.md and docs/*.md parsed by Mermaid itself.
# Installs the pinned parser (npm ci into infra/mermaid/node_modules, again whenever its lock file
# changes) when missing. Runnable from any folder.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/infra/mermaid"

"$ROOT/testing/local-aws/npm-ci-pinned.sh" "$HERE" "check-mermaid"
cd "$ROOT"
node "$HERE/check.mjs" README.md docs/*.md
