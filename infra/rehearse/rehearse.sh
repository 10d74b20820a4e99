#!/usr/bin/env bash
# make rehearse: template.yaml checked against every AWS call the functions make, offline
# (IAM with a real policy evaluator, VPC routes, SnapStart's order), for samconfig.toml's
# environments and the fast path in a VPC. See infra/rehearse/src/main/java/com/example/rehearse/Rehearsal.java.
# Installs what is missing: the SAM tools virtualenv (the translator) and the pinned IAM evaluator
# (npm ci into infra/rehearse/iam/node_modules, again when its lock file changes).
# RECORD=1 first writes infra/rehearse/recorded-calls.jsonl from this checkout's recordings.
# Runnable from any folder.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
IAM="$ROOT/infra/rehearse/iam"
JAVA_HOME="${JAVA_HOME:-$("$ROOT/infra/local/jdk.sh")}"

"$ROOT/infra/local/setup-sam-tools.sh"

for command in node npm; do
  if ! command -v "$command" >/dev/null 2>&1; then
    echo "rehearse: the IAM evaluator needs '$command' (Node.js 18 or newer) on PATH" >&2
    exit 1
  fi
done
stamp="$(sha256sum "$IAM/package-lock.json" | cut -d' ' -f1)"
if [ ! -f "$IAM/node_modules/.lock-sha256" ] || [ "$(cat "$IAM/node_modules/.lock-sha256")" != "$stamp" ]; then
  echo "rehearse: installing the pinned IAM evaluator (npm ci)" >&2
  (cd "$IAM" && npm ci --no-audit --no-fund --loglevel=error >&2)
  echo "$stamp" >"$IAM/node_modules/.lock-sha256"
fi

mvn -B -ntp -q -f "$ROOT/pom.xml" -pl infra/rehearse -am -DskipTests package dependency:build-classpath \
  -Dmdep.outputFile=target/rehearse.classpath >&2
record=()
if [ "${RECORD:-}" = "1" ]; then
  record=(--record)
fi
exec "$JAVA_HOME/bin/java" -cp "$ROOT/infra/rehearse/target/classes:$(cat "$ROOT/infra/rehearse/target/rehearse.classpath")" \
  com.example.rehearse.Rehearsal "$ROOT" "$ROOT/.tools/sam/bin/python" "${record[@]}"
