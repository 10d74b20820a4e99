"""Fix 3 of moto_launcher.py: DynamoDB errors on demand (``/_fault``).

Stock moto 5.2.1 answers every valid request; tests need DynamoDB's errors on
demand. ``/_fault`` (POST a rule, GET the remaining ones, DELETE them all)
makes the next matching DynamoDB requests answer a DynamoDB JSON error without
reaching the backend: counted bursts, whatever the load (fix 7,
moto_capacity.py, throttles by load instead).
"""

from __future__ import annotations

import json
import threading
import uuid
import zlib
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Generic, TypeVar

from moto_wsgi import DYNAMODB_ERROR_PREFIX, SpecError, StartResponse, is_int, status_line

DYNAMODB_CONTENT_TYPE = "application/x-amz-json-1.0"
R = TypeVar("R")


@dataclass
class FaultRule:
    """The next `count` DynamoDB `operation` requests whose body contains `match` fail."""

    operation: str
    status: int
    code: str
    message: str
    count: int
    match: str | None = None

    @classmethod
    def parse(cls, spec: Any) -> FaultRule:
        """Validates a POSTed rule; defaults: 400 ThrottlingException, once."""
        if not isinstance(spec, dict):
            raise SpecError("body must be a JSON object")
        unknown = set(spec) - {"operation", "match", "status", "code", "message", "count"}
        if unknown:
            raise SpecError(f"unknown fields: {sorted(unknown)}")
        rule = cls(
            operation=spec.get("operation"),
            status=spec.get("status", 400),
            code=spec.get("code", "ThrottlingException"),
            message=spec.get("message", "Injected by moto_launcher"),
            count=spec.get("count", 1),
            match=spec.get("match"),
        )
        rule._validate()
        return rule

    def _validate(self) -> None:
        if not isinstance(self.operation, str) or not self.operation:
            raise SpecError("operation must be a DynamoDB operation name, e.g. TransactWriteItems")
        if not is_int(self.status) or not 400 <= self.status <= 599:
            raise SpecError("status must be an integer from 400 to 599")
        if not isinstance(self.code, str) or not self.code:
            raise SpecError("code must be a non-empty string")
        if not isinstance(self.message, str):
            raise SpecError("message must be a string")
        if not is_int(self.count) or self.count < 1:
            raise SpecError("count must be an integer >= 1")
        if self.match is not None and not isinstance(self.match, str):
            raise SpecError("match must be a string")

    def matches(self, operation: str, body: str) -> bool:
        return operation == self.operation and (self.match is None or self.match in body)


class CountedRules(Generic[R]):
    """Rules each used up one count at a time, first added first matched; thread-safe. The admin
    endpoint's POST adds one (`parse`), GET lists those left under `name`s, DELETE drops them all."""

    def __init__(self, name: str, parse: Callable[[Any], R]) -> None:
        self._name = name
        self._parse = parse
        self._rules: list[R] = []
        self._lock = threading.Lock()

    def configure(self, spec: Any) -> dict[str, Any]:
        """Adds the rule POSTed; answers it with its defaults filled in."""
        rule = self._parse(spec)
        with self._lock:
            self._rules.append(rule)
        return {self._name: asdict(rule)}

    def reset(self) -> dict[str, int]:
        """Drops every rule; answers how many there were."""
        with self._lock:
            cleared = len(self._rules)
            self._rules.clear()
            return {"cleared": cleared}

    def state(self) -> dict[str, list[dict[str, Any]]]:
        """The rules left, each with its remaining count."""
        with self._lock:
            return {self._name + "s": [asdict(rule) for rule in self._rules]}

    def armed(self) -> bool:
        """Whether any rule is left."""
        return bool(self._rules)

    def first(self, matches: Callable[[R], bool]) -> R | None:
        """The first rule `matches` accepts, with one use consumed, or None."""
        with self._lock:
            for rule in self._rules:
                if matches(rule):
                    rule.count -= 1  # type: ignore[attr-defined]
                    if rule.count == 0:  # type: ignore[attr-defined]
                        self._rules.remove(rule)
                    return rule
        return None


class FaultInjector(CountedRules[FaultRule]):
    """The fault rules: only when one is armed is a request's body read."""

    def __init__(self) -> None:
        super().__init__("fault", FaultRule.parse)

    def take(self, operation: str, body: str) -> FaultRule | None:
        """The first rule matching this request, with one use consumed, or None."""
        return self.first(lambda rule: rule.matches(operation, body))


def dynamodb_error(rule: FaultRule, start_response: StartResponse) -> list[bytes]:
    """An error exactly as DynamoDB's JSON protocol sends it, CRC32 header included."""
    body = json.dumps({"__type": DYNAMODB_ERROR_PREFIX + rule.code, "message": rule.message}).encode()
    start_response(
        status_line(rule.status),
        [
            ("Content-Type", DYNAMODB_CONTENT_TYPE),
            ("Content-Length", str(len(body))),
            ("x-amzn-RequestId", str(uuid.uuid4())),
            ("x-amz-crc32", str(zlib.crc32(body))),
        ],
    )
    return [body]
