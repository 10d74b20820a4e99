#!/usr/bin/env bash
# npm ci into <folder>/node_modules from its package-lock.json, when missing or when the lock file
# changed since (the lock's sha256 kept in node_modules/.lock-sha256). For the project's pinned
# Node.js test tools (the IAM evaluator, the Mermaid parser). Usage: npm-ci-pinned.sh <folder> <tool's name>
set -euo pipefail

FOLDER="$1"
TOOL="$2"
for command in node npm; do
  if ! command -v "$command" >/dev/null 2>&1; then
    echo "$TOOL needs '$command' (Node.js 20 or newer) on PATH" >&2
    exit 1
  fi
done
stamp="$(sha256sum "$FOLDER/package-lock.json" | cut -d' ' -f1)"
if [ ! -f "$FOLDER/node_modules/.lock-sha256" ] || [ "$(cat "$FOLDER/node_modules/.lock-sha256")" != "$stamp" ]; then
  echo "$TOOL: installing its pinned packages (npm ci)" >&2
  (cd "$FOLDER" && npm ci --no-audit --no-fund --loglevel=error >&2)
  echo "$stamp" >"$FOLDER/node_modules/.lock-sha256"
fi
