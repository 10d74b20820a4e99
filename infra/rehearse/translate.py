"""template.yaml to CloudFormation with AWS's SAM translator, offline, for make rehearse.

Usage: translate.py TEMPLATE PARAMETERS_JSON > translated.json

Each function's CodeUri is replaced by an s3:// location (the translator needs one and reads
nothing from it) and no managed policy is looked up (every role of the template is its own);
the region comes from AWS_DEFAULT_REGION. The translator's own output is written unchanged.
"""
import json
import sys
from typing import Any

from samtranslator.translator.transform import transform
from samtranslator.yaml_helper import yaml_parse


class NoManagedPolicies:
    """The translator asks for managed policies only for roles it creates; this template has none."""

    def load(self) -> dict[str, str]:
        return {}


def main(template_path: str, parameters_json: str) -> None:
    with open(template_path, encoding="utf-8") as f:
        template: dict[str, Any] = yaml_parse(f.read())
    for name, resource in template.get("Resources", {}).items():
        if resource.get("Type") == "AWS::Serverless::Function":
            resource["Properties"]["CodeUri"] = f"s3://rehearsal-artifacts/{name}.zip"
    translated = transform(template, json.loads(parameters_json), NoManagedPolicies())
    json.dump(translated, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
