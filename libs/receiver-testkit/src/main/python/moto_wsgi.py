"""The plumbing moto_launcher.py's layers share; no fix of moto's behaviour lives here.

A WSGI request's body read and put back for moto to read again, JSON answers
with their status lines, DynamoDB's JSON protocol (the operation a request
names, the prefix of its error codes), and the one dispatch of the launcher's
admin endpoints (``/_fault``, ``/_conflicts``, ``/_capacity``): GET answers a
switch's state, DELETE resets it, POST sets it from a JSON body.
"""

from __future__ import annotations

import http
import io
import json
from collections.abc import Callable
from typing import Any, Protocol

StartResponse = Callable[..., Any]

DYNAMODB_TARGET_PREFIX = "DynamoDB_20120810."
DYNAMODB_ERROR_PREFIX = "com.amazonaws.dynamodb.v20120810#"


class SpecError(ValueError):
    """A POSTed body an admin endpoint cannot accept; answered with HTTP 400 and its text."""


class Switch(Protocol):
    """What an admin endpoint drives; each answer is the JSON payload of a 200."""

    def state(self) -> Any:
        """GET: what is set, and what it did."""

    def reset(self) -> Any:
        """DELETE: back to stock moto's behaviour."""

    def configure(self, spec: Any) -> Any:
        """POST: set from the parsed body; raises SpecError when the body is not acceptable."""


def admin(switch: Switch, environ: dict[str, Any], start_response: StartResponse) -> list[bytes]:
    """Answers one admin request for `switch`: GET, POST or DELETE, else 405."""
    method = environ.get("REQUEST_METHOD")
    if method == "GET":
        return json_response(start_response, 200, switch.state())
    if method == "DELETE":
        return json_response(start_response, 200, switch.reset())
    if method == "POST":
        try:
            spec = json.loads(read_body(environ) or b"null")
        except ValueError as error:
            return json_response(start_response, 400, {"error": f"body must be JSON: {error}"})
        try:
            return json_response(start_response, 200, switch.configure(spec))
        except SpecError as error:
            return json_response(start_response, 400, {"error": str(error)})
    return json_response(start_response, 405, {"error": "use GET, POST or DELETE"})


def dynamodb_operation(environ: dict[str, Any]) -> str | None:
    """`TransactWriteItems` from `X-Amz-Target: DynamoDB_20120810.TransactWriteItems`; None if not DynamoDB."""
    target = environ.get("HTTP_X_AMZ_TARGET", "")
    if target.startswith(DYNAMODB_TARGET_PREFIX):
        return target[len(DYNAMODB_TARGET_PREFIX) :]
    return None


def read_body(environ: dict[str, Any]) -> bytes:
    """Reads the request body and puts it back, so that moto can read it again."""
    length = environ.get("CONTENT_LENGTH")
    stream = environ["wsgi.input"]
    if length:
        body = stream.read(int(length))
    elif environ.get("wsgi.input_terminated"):
        body = stream.read()
    else:
        body = b""
    environ["wsgi.input"] = io.BytesIO(body)
    environ["CONTENT_LENGTH"] = str(len(body))
    return body


def json_response(start_response: StartResponse, status: int, payload: Any) -> list[bytes]:
    body = json.dumps(payload).encode()
    start_response(
        status_line(status),
        [("Content-Type", "application/json"), ("Content-Length", str(len(body)))],
    )
    return [body]


def status_line(status: int) -> str:
    try:
        return f"{status} {http.HTTPStatus(status).phrase}"
    except ValueError:
        return f"{status} Error"


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
