"""template.yaml to CloudFormation with AWS's SAM translator, offline, for make rehearse.

Usage: translate.py TEMPLATE PARAMETER_SETS_JSON > translated.json

PARAMETER_SETS_JSON is a list of parameter maps; the output is the list of translated templates,
one per set, in order (one process: the translator is loaded once).

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


def translate(text: str, parameters: dict[str, str]) -> dict[str, Any]:
    template: dict[str, Any] = yaml_parse(text)
    for name, resource in template.get("Resources", {}).items():
        if resource.get("Type") == "AWS::Serverless::Function":
            resource["Properties"]["CodeUri"] = f"s3://rehearsal-artifacts/{name}.zip"
    return transform(template, parameters, NoManagedPolicies())


def main(template_path: str, parameter_sets_json: str) -> None:
    with open(template_path, encoding="utf-8") as f:
        text = f.read()
    translated = [translate(text, parameters) for parameters in json.loads(parameter_sets_json)]
    json.dump(translated, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
