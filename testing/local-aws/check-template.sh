#!/usr/bin/env bash
# Checks template.yaml with the real SAM tools and fails on any error or warning:
#   1. cfn-lint: errors, warnings and informational findings, for the deployment region
#      (samconfig.toml) and cfn-lint's default one, on template.yaml and on the deploy path's
#      bootstrap (infra/deploy/bootstrap.yaml);
#   2. sam validate --lint;
#   3. checkov: no failed check, no parsing error, and every skipped check justified by a
#      comment in its resource's Metadata;
#   4. sam build of every function, each of which must leave a non-empty artifact.
# Installs the pinned tools first (setup-sam-tools.sh) and prints how long each step took.
# Runnable from any folder. Needs no AWS account or credentials; sam build fetches the
# functions' Maven dependencies from Maven Central unless they are in ~/.m2 already.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TEMPLATE="$ROOT/template.yaml"
TOOLS="$ROOT/.tools"
BUILD_DIR="$ROOT/.aws-sam/build"
REGION="eu-west-1"
export SAM_CLI_TELEMETRY=0

"$ROOT/testing/local-aws/setup-sam-tools.sh"

for command in make mvn; do
  if ! command -v "$command" >/dev/null 2>&1; then
    echo "check-template: sam build needs '$command' on PATH" >&2
    exit 1
  fi
done

# SAM reads samconfig.toml from the working directory.
cd "$ROOT"
started=$SECONDS
summary=()

# step NAME COMMAND...: runs COMMAND, records its duration, stops the script when it fails.
step() {
  local name="$1" begun=$SECONDS
  shift
  echo "== $name" >&2
  if ! "$@"; then
    echo "check-template: FAILED: $name" >&2
    exit 1
  fi
  summary+=("$(printf '%-22s ok  %4ds' "$name" $((SECONDS - begun)))")
}

checkov_clean() {
  local report
  report="$(mktemp)"
  # Exit status 1 means failed checks; the report says which, so it is judged below.
  "$TOOLS/lint/bin/checkov" --file "$TEMPLATE" --framework cloudformation \
    --skip-download --output json >"$report" || true
  "$TOOLS/lint/bin/python" - "$report" <<'PY'
import json, sys

with open(sys.argv[1]) as f:
    text = f.read()
try:
    reports = json.loads(text)
except json.JSONDecodeError:
    sys.exit("checkov printed no JSON report:\n" + text)
reports = reports if isinstance(reports, list) else [reports]
passed = failed = skipped = errors = 0
problems = []
for report in reports:
    summary = report["summary"]
    passed += summary["passed"]
    failed += summary["failed"]
    skipped += summary["skipped"]
    errors += summary["parsing_errors"]
    results = report["results"]
    for check in results["failed_checks"]:
        problems.append("FAILED  %s %s (%s): %s" % (check["check_id"], check["resource"],
                        "-".join(map(str, check["file_line_range"])), check["check_name"]))
    for check in results["skipped_checks"]:
        comment = ((check.get("check_result") or {}).get("suppress_comment") or "").strip()
        print("skipped %s %s: %s" % (check["check_id"], check["resource"], " ".join(comment.split())))
        # checkov writes this placeholder for a skip without a comment.
        if not comment or comment == "No comment provided":
            problems.append("UNJUSTIFIED SKIP  %s %s: add a comment to its Metadata entry"
                            % (check["check_id"], check["resource"]))
print("checkov: %d passed, %d failed, %d skipped, %d parsing errors" % (passed, failed, skipped, errors))
if passed == 0:
    problems.append("checkov ran no check: did it read the template?")
if errors:
    problems.append("checkov could not parse the template")
for problem in problems:
    print(problem, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
  local status=$?
  rm -f "$report"
  return "$status"
}

# Every function of the built template has a non-empty artifact folder.
built_artifacts() {
  "$TOOLS/sam/bin/python" - "$BUILD_DIR" <<'PY'
import os, sys
from samcli.yamlhelper import yaml_parse

build_dir = sys.argv[1]
with open(os.path.join(build_dir, "template.yaml")) as f:
    template = yaml_parse(f.read())
functions = {name: resource for name, resource in template.get("Resources", {}).items()
             if resource.get("Type") == "AWS::Serverless::Function"}
if not functions:
    sys.exit("the built template has no function")
missing = []
for name, resource in sorted(functions.items()):
    artifact = os.path.join(build_dir, resource["Properties"]["CodeUri"])
    files = [os.path.join(d, f) for d, _, fs in os.walk(artifact) for f in fs]
    if not files:
        missing.append(name)
        continue
    size = sum(os.path.getsize(f) for f in files)
    print("built %s: %d files, %.1f MiB, in %s" % (name, len(files), size / 2**20,
                                                   os.path.relpath(artifact, build_dir)))
if missing:
    sys.exit("no artifact for: " + ", ".join(missing))
PY
}

step "cfn-lint" "$TOOLS/lint/bin/cfn-lint" --include-checks I --regions "$REGION" us-east-1 -- "$TEMPLATE"
step "cfn-lint bootstrap" "$TOOLS/lint/bin/cfn-lint" --include-checks I --regions "$REGION" us-east-1 -- "$ROOT/infra/deploy/bootstrap.yaml"
step "sam validate --lint" "$TOOLS/sam/bin/sam" validate --lint --template-file "$TEMPLATE" --region "$REGION"
step "checkov" checkov_clean
step "sam build" "$TOOLS/sam/bin/sam" build --template-file "$TEMPLATE" --build-dir "$BUILD_DIR"
step "built artifacts" built_artifacts

printf '%s\n' "${summary[@]}" >&2
echo "check-template: template.yaml passed every check in $((SECONDS - started))s" >&2
