#!/usr/bin/env bash
# make rehearse: template.yaml checked against every AWS call the functions make, offline
# (IAM with a real policy evaluator, VPC routes, SnapStart's order), for samconfig.toml's
# environments and the fast path in a VPC (docs/architecture.md, "The rehearsal").
# Then cloudsplaining checks the deploy path's policies (check-policies.sh).
# Installs what is missing first (setup-rehearse-tools.sh).
# RECORD=1 first writes infra/rehearse/recorded-calls.jsonl from this checkout's recordings.
# Runnable from any folder.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
JAVA_HOME="${JAVA_HOME:-$("$ROOT/testing/local-aws/jdk.sh")}"

"$ROOT/infra/rehearse/setup-rehearse-tools.sh"
mvn -B -ntp -q -f "$ROOT/pom.xml" -pl infra/rehearse -am -DskipTests package dependency:build-classpath \
  -Dmdep.outputFile=target/rehearse.classpath >&2
record=()
if [ "${RECORD:-}" = "1" ]; then
  record=(--record)
fi
"$JAVA_HOME/bin/java" -cp "$ROOT/infra/rehearse/target/classes:$(cat "$ROOT/infra/rehearse/target/rehearse.classpath")" \
  com.example.rehearse.Rehearsal "$ROOT" "${record[@]}"
# The independent checker, on the policies the rehearsal has just proven and written.
"$ROOT/infra/rehearse/check-policies.sh"
