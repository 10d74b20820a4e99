#!/usr/bin/env bash
# Runs the moto launcher's own tests (serialisation, item-level undo, fault
# injection, conflicts, request costs) with the pinned moto virtualenv; extra
# arguments go to pytest.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
"$ROOT/testing/local-aws/setup.sh"
cd "$ROOT"
exec .tools/moto/bin/python -m pytest -q -p no:cacheprovider libs/receiver-testkit/src/test/python/test_moto_launcher.py "$@"
