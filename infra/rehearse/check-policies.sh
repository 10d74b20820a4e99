#!/usr/bin/env bash
# The independent checker of make rehearse: cloudsplaining's scan-policy-file -aR (every risky
# action, whatever its resources and conditions) on each parameter set's deployer policy (written
# by the rehearsal from infra/deploy/bootstrap.yaml) and service role policy
# (docs/service-role-policy-<set>.json). A privilege-escalation method, data-exfiltration or
# resource-exposure action passes only when docs/deploy.md's table "What cloudsplaining reports"
# lists it for that principal with the statement that neutralizes it; a listed one no longer
# reported fails too (the table stays true). Runnable from any folder, after the rehearsal.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
"$ROOT/.tools/cloudsplaining/bin/python" - "$ROOT" <<'PY'
import json, pathlib, re, sys
from cloudsplaining.command.scan_policy_file import scan_policy

root = pathlib.Path(sys.argv[1])
rows = re.findall(r"^\| (deployer|service role) \| `([A-Za-z0-9:]+)` \| [^|]+ \| [^|]+ \|$",
                  (root / "docs/deploy.md").read_text(), re.MULTILINE)
listed = {(principal, finding) for principal, finding in rows}
failures, seen = [], set()
for policy_file in sorted((root / "docs").glob("service-role-policy-*.json")):
    parameter_set = policy_file.stem.removeprefix("service-role-policy-")
    for principal, path in (("deployer", root / f"infra/rehearse/target/deployer-policy-{parameter_set}.json"),
                            ("service role", policy_file)):
        results = scan_policy(json.loads(path.read_text()), flag_conditional_statements=True,
                              flag_resource_arn_statements=True)
        found = [finding["type"] for finding in results["PrivilegeEscalation"]["findings"]]
        found += results["DataExfiltration"]["findings"] + results["ResourceExposure"]["findings"]
        print(f"cloudsplaining -aR, {principal}, {parameter_set}: " + (", ".join(found) or "nothing"))
        for finding in found:
            seen.add((principal, finding))
            if (principal, finding) not in listed:
                failures.append(f"{principal} ({parameter_set}): {finding}, which docs/deploy.md does not list with the statement that neutralizes it")
for principal, finding in sorted(listed - seen):
    failures.append(f"docs/deploy.md lists {finding} for the {principal}, which cloudsplaining no longer reports: remove the row")
for failure in failures:
    print("FAIL " + failure)
print("check-policies: " + ("FAIL" if failures else "PASS"))
sys.exit(1 if failures else 0)
PY
