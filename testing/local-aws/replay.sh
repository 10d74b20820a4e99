#!/usr/bin/env bash
# make replay: publishes again, at least once each, the decisions of the idempotency table
# decided in a window (FROM=… TO=…, ISO-8601 instants) or in the stream batches the publisher's
# failure queue names (ON_FAILURE_QUEUE=<queue URL>, or ON_FAILURE_QUEUE=local). With TABLE=
# and TOPIC= it talks to AWS through the default credential chain and region; without them to
# the local AWS that `make up` started. Runs com.example.payment.events.replay.ReplayCommand,
# which docs/deploy.md describes. Exit status: 0 all published, 1 some not, 2 usage.
# Runnable from any folder; the Makefile builds the classpath first.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MODULE="$ROOT/functions/payment-events"
STATE="$ROOT/target/local-aws/state.json"

usage() {
  echo "replay: $1" >&2
  echo "usage: make replay FROM=2026-12-03T08:00:00Z TO=2026-12-03T09:00:00Z [TABLE=… TOPIC=…]" >&2
  echo "       make replay ON_FAILURE_QUEUE=<queue URL>|local [TABLE=… TOPIC=…]" >&2
  exit 2
}

args=()
java_trust=()
if [[ -n "${FROM:-}" || -n "${TO:-}" ]]; then
  [[ -n "${FROM:-}" && -n "${TO:-}" ]] || usage "FROM and TO go together"
  [[ -z "${ON_FAILURE_QUEUE:-}" ]] || usage "give a window or ON_FAILURE_QUEUE, not both"
  args+=(--from "$FROM" --to "$TO")
elif [[ -z "${ON_FAILURE_QUEUE:-}" ]]; then
  usage "give FROM and TO, or ON_FAILURE_QUEUE"
fi

if [[ -z "${TABLE:-}" && -z "${TOPIC:-}" ]]; then
  [[ -f "$STATE" ]] || usage "no TABLE and TOPIC (AWS), and no local AWS running (make up)"
  # The local AWS names each resource after its logical id in template.yaml.
  read -r scheme port topic failures < <(python3 - "$STATE" <<'PY'
import json, sys
state = json.load(open(sys.argv[1]))
print("https" if state["motoTls"] else "http", state["motoPort"], state["topics"]["PaymentsAuthorizedTopic"],
      state["queues"]["PaymentEventsFailureQueue"])
PY
)
  export AWS_ENDPOINT_URL="$scheme://127.0.0.1:$port" AWS_REGION=us-east-1 AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local
  # The local AWS's certificate is signed by the project's CA (com.example.localaws.LocalTls): the
  # JVM trusts it as a function's runtime does locally; AWS_CA_BUNDLE is the same for Python and the AWS CLI.
  export AWS_CA_BUNDLE="$ROOT/target/local-aws/tls/ca-v2/ca.crt"
  java_trust=(-Djavax.net.ssl.trustStore="$ROOT/target/local-aws/tls/ca-v2/ca.p12" -Djavax.net.ssl.trustStoreType=PKCS12)
  TABLE=IdempotencyTable
  TOPIC="$topic"
  [[ "${ON_FAILURE_QUEUE:-}" != local ]] || ON_FAILURE_QUEUE="$failures"
elif [[ -z "${TABLE:-}" || -z "${TOPIC:-}" ]]; then
  usage "TABLE and TOPIC go together (the stack's outputs IdempotencyTableName and PaymentsAuthorizedTopicArn)"
fi
[[ "${ON_FAILURE_QUEUE:-}" != local ]] || usage "ON_FAILURE_QUEUE=local needs the local AWS, not TABLE and TOPIC"
if [[ -n "${ON_FAILURE_QUEUE:-}" ]]; then
  args+=(--on-failure-queue "$ON_FAILURE_QUEUE")
fi

exec "$JAVA_HOME/bin/java" "${java_trust[@]}" -cp "$MODULE/target/classes:$(cat "$MODULE/target/replay.classpath")" \
  com.example.payment.events.replay.ReplayCommand --table "$TABLE" --topic "$TOPIC" "${args[@]}"
