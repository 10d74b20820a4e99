#!/usr/bin/env bash
# Installs what make rehearse (and its tests) need that is missing: the SAM tools virtualenv
# (.tools/sam: AWS's SAM translator) and the pinned IAM evaluator (npm ci into
# infra/rehearse/iam/node_modules, again whenever its lock file changes). Runnable from any folder.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
IAM="$ROOT/infra/rehearse/iam"

"$ROOT/testing/local-aws/setup-sam-tools.sh"

"$ROOT/testing/local-aws/npm-ci-pinned.sh" "$IAM" "the IAM evaluator"
