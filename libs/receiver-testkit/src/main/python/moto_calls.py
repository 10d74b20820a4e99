"""The calls local Lambda functions make, recorded for ``make rehearse`` (``--record-calls FILE``).

Not a fix of moto's behaviour: the launcher appends one JSON line to FILE for
every request signed by a local Lambda function (its access key id is
``lambda-<LogicalId>``, as the local runtime gives each function): which
function, in which Lambda phase (the ``x-local-lambda-phase`` header the
runtime's SDK clients add), the service, the operation and the resources it
names. ``make rehearse`` evaluates those calls against each function's IAM
role. A request signed ``operator-<command>`` (an operator's command a test
runs as the operator would, such as ``make replay``) is recorded too, as the
function ``operator``: the rehearsal checks the resource policies let a named
operator make it. Requests signed with any other key (the tests, the event
source mappings, the CLI) are not recorded.
"""

from __future__ import annotations

import json
import os
import threading
import urllib.parse
from dataclasses import dataclass
from typing import Any

from moto_wsgi import read_body

# The local runtime's convention (com.example.localaws.CallRecording in Java): a function's
# process signs with the access key id FUNCTION_KEY_PREFIX + its logical id, and its SDK clients
# say the Lambda phase of each call in PHASE_HEADER.
FUNCTION_KEY_PREFIX = "lambda-"
# An operator's command run by a test signs with OPERATOR_KEY_PREFIX + the command's name.
OPERATOR_KEY_PREFIX = "operator-"
OPERATOR = "operator"
PHASE_HEADER = "x-local-lambda-phase"
PHASES = frozenset({"init", "invoke"})
DYNAMODB_STREAMS_TARGET_PREFIX = "DynamoDBStreams_"
RPC_V2_OPERATION = "/operation/"
TRANSACT_OPERATIONS = frozenset({"TransactWriteItems", "TransactGetItems"})
BATCH_OPERATIONS = frozenset({"BatchWriteItem", "BatchGetItem"})
# The request parameters that name a resource, with its kind, in the APIs the functions call
# (DynamoDB, DynamoDB Streams, SQS, SNS, Secrets Manager, KMS).
NAMED_RESOURCES = (
    ("TableName", "table"),
    ("QueueUrl", "queue"),
    ("QueueName", "queue"),
    ("TopicArn", "topic"),
    ("TargetArn", "topic"),
    ("SecretId", "secret"),
    ("StreamArn", "stream"),
    ("KeyId", "key"),
)

Resource = dict[str, str]


@dataclass(frozen=True)
class Signature:
    """Who signed a request (its access key id) and for which service, as its SigV4 credential scope says."""

    access_key_id: str
    service: str

    @classmethod
    def of(cls, environ: dict[str, Any]) -> Signature | None:
        """From ``Authorization: AWS4-HMAC-SHA256 Credential=KEY/DATE/REGION/SERVICE/aws4_request, ...``
        or a presigned URL's ``X-Amz-Credential``; None for an unsigned request."""
        authorization = environ.get("HTTP_AUTHORIZATION", "")
        start = authorization.find("Credential=")
        if start >= 0:
            credential = authorization[start + len("Credential="):].split(",", 1)[0].strip()
        else:
            credential = _first(urllib.parse.parse_qs(environ.get("QUERY_STRING", "")), "X-Amz-Credential") or ""
        scope = credential.split("/")
        if len(scope) != 5 or not scope[0]:
            return None
        return cls(scope[0], scope[3])


def describe_call(environ: dict[str, Any], body: bytes, signature: Signature) -> tuple[str, str | None, list[Resource]]:
    """The service, operation and named resources of one signed request.

    JSON protocols (DynamoDB, DynamoDB Streams, SQS, Secrets Manager, KMS) name the operation in
    ``X-Amz-Target: <Prefix>.<Operation>``; DynamoDB Streams signs as ``dynamodb`` and is told
    apart by its target prefix. Query protocols (SNS, SQS's older one) name it in the ``Action``
    parameter of the form body or the query string; the RPC v2 protocol (CloudWatch) in the path.
    A request of another shape keeps its signed service, with no operation (None) and no resource.
    """
    target = environ.get("HTTP_X_AMZ_TARGET", "")
    if target:
        prefix, _, operation = target.rpartition(".")
        service = "dynamodbstreams" if prefix.startswith(DYNAMODB_STREAMS_TARGET_PREFIX) else signature.service
        return service, operation or None, named_resources(operation, _json_object(body))
    path = environ.get("PATH_INFO", "")
    if RPC_V2_OPERATION in path:
        return signature.service, path.rsplit("/", 1)[-1] or None, []
    params = urllib.parse.parse_qs(environ.get("QUERY_STRING", ""))
    if environ.get("CONTENT_TYPE", "").startswith("application/x-www-form-urlencoded"):
        params.update(urllib.parse.parse_qs(body.decode("utf-8", "replace")))
    flat: dict[str, Any] = {name: values[0] for name, values in params.items()}
    resources = named_resources(flat.get("Action", ""), flat)
    if signature.service == "sqs" and not resources and path.count("/") == 2:
        # SQS's query protocol may post to the queue's URL instead of naming it: /<account>/<queue>
        resources = [{"kind": "queue", "name": path.rsplit("/", 1)[-1]}]
    return signature.service, flat.get("Action") or None, resources


def named_resources(operation: str, params: dict[str, Any]) -> list[Resource]:
    """The resources a request's parameters name: each item of a DynamoDB transaction with its
    part (Put, Update, Delete, ConditionCheck, Get), each table of a batch, else every parameter
    of NAMED_RESOURCES present (a queue by its name, the last segment of its URL; a topic by the
    last segment of its ARN; a secret, stream or key as given)."""
    if operation in TRANSACT_OPERATIONS:
        return [
            {"kind": "table", "name": request["TableName"], "part": part}
            for item in _list(params.get("TransactItems"))
            if isinstance(item, dict)
            for part, request in item.items()
            if isinstance(request, dict) and isinstance(request.get("TableName"), str)
        ]
    if operation in BATCH_OPERATIONS:
        tables = params.get("RequestItems")
        return [{"kind": "table", "name": table} for table in tables] if isinstance(tables, dict) else []
    resources = []
    for parameter, kind in NAMED_RESOURCES:
        value = params.get(parameter)
        if isinstance(value, str) and value:
            resources.append({"kind": kind, "name": _resource_name(parameter, value)})
    return resources


def _resource_name(parameter: str, value: str) -> str:
    if parameter == "QueueUrl":
        return urllib.parse.urlsplit(value).path.rstrip("/").rsplit("/", 1)[-1]
    if parameter in ("TopicArn", "TargetArn"):
        return value.rsplit(":", 1)[-1]
    return value


def _json_object(body: bytes) -> dict[str, Any]:
    """The body as a JSON object; {} when it is not one (the request is still recorded)."""
    try:
        parsed = json.loads(body or b"{}")
    except ValueError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _first(params: dict[str, list[str]], name: str) -> str | None:
    values = params.get(name)
    return values[0] if values else None


class CallRecorder:
    """Appends one JSON line per request a local Lambda function signed (see the module's doc).

    A function is told by its access key id, ``<key_prefix><LogicalId>``; any other key is not
    recorded, and its request is not even read. Each line is one ``os.write`` on a file opened
    for appending, under a lock: lines never interleave, neither between this server's request
    threads nor with another launcher appending to the same file, and each is on disk (in the
    page cache) when its request reaches moto.
    """

    def __init__(self, path: str, key_prefix: str = FUNCTION_KEY_PREFIX):
        if not key_prefix:
            raise ValueError("the function key prefix must not be empty: every request would be recorded")
        directory = os.path.dirname(os.path.abspath(path))
        os.makedirs(directory, exist_ok=True)
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        self._key_prefix = key_prefix
        self._lock = threading.Lock()

    def record(self, environ: dict[str, Any]) -> None:
        signature = Signature.of(environ)
        if signature is None:
            return
        if signature.access_key_id.startswith(self._key_prefix):
            function = signature.access_key_id[len(self._key_prefix):]
        elif signature.access_key_id.startswith(OPERATOR_KEY_PREFIX):
            function = OPERATOR
        else:
            return
        service, operation, resources = describe_call(environ, read_body(environ), signature)
        phase = environ.get("HTTP_" + PHASE_HEADER.upper().replace("-", "_"), "")
        line = json.dumps({
            "function": function,
            "accessKeyId": signature.access_key_id,
            "phase": phase if phase in PHASES else "unknown",
            "service": service,
            "operation": operation,
            "resources": resources,
        }) + "\n"
        data = line.encode()
        with self._lock:
            while data:
                data = data[os.write(self._fd, data):]
