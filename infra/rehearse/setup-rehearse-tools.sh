#!/usr/bin/env bash
# Installs what make rehearse (and its tests) need that is missing: the SAM tools virtualenv
# (.tools/sam: AWS's SAM translator) and the pinned IAM evaluator (npm ci into
# infra/rehearse/iam/node_modules, again whenever its lock file changes); and, for the notifier's
# tests, the Standard Webhooks verifiers (the Python one in .tools/webhooks by setup-sam-tools.sh,
# the JavaScript one by npm ci into testing/webhook-verifiers/node_modules). Runnable from any folder.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
IAM="$ROOT/infra/rehearse/iam"

"$ROOT/testing/local-aws/setup-sam-tools.sh"

"$ROOT/testing/local-aws/npm-ci-pinned.sh" "$IAM" "the IAM evaluator"

"$ROOT/testing/local-aws/npm-ci-pinned.sh" "$ROOT/testing/webhook-verifiers" "the Standard Webhooks verifiers"
