"""Fix 10 of moto_launcher.py: a passing cancellation reason at chosen items, beside the
transaction's own (``/_reasons``).

DynamoDB gives one cancellation reason per action of a TransactWriteItems, in order
("CancellationReason", Amazon DynamoDB API Reference,
https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CancellationReason.html):
one action throttled or contended while another's condition fails comes back as, say,
``[None, ConditionalCheckFailed, ThrottlingError]``. Stock moto never throttles nor conflicts,
and fixes 3, 4 and 7 refuse a transaction before its conditions are read, so no reason of
theirs stands beside a real condition failure. ``/_reasons`` (POST a rule, GET the remaining
ones, DELETE them all) makes the next matching transactions run moto's conditions as usual,
then answers the matched actions with the rule's reason in place of whatever they found (a
throttled guard does not speak), and writes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from moto_capacity import ON_DEMAND_THROTTLED, PROVISIONED_THROTTLED
from moto_faults import CountedRules
from moto_wsgi import SpecError, is_int

MESSAGES = {
    "ThrottlingError": ON_DEMAND_THROTTLED,
    "ProvisionedThroughputExceeded": PROVISIONED_THROTTLED,
    "TransactionConflict": "Transaction is ongoing for the item",
}


@dataclass
class ReasonRule:
    """The next `count` transactions with an action on `table` whose entry contains `match` have
    those actions answered with `reason`."""

    table: str
    reason: str
    count: int
    match: str | None = None

    @classmethod
    def parse(cls, spec: Any) -> ReasonRule:
        """Validates a POSTed rule; defaults: ThrottlingError, once."""
        if not isinstance(spec, dict):
            raise SpecError("body must be a JSON object")
        unknown = set(spec) - {"table", "match", "reason", "count"}
        if unknown:
            raise SpecError(f"unknown fields: {sorted(unknown)}")
        rule = cls(table=spec.get("table"), reason=spec.get("reason", "ThrottlingError"),
                   count=spec.get("count", 1), match=spec.get("match"))
        if not isinstance(rule.table, str) or not rule.table:
            raise SpecError("table must be a table name")
        if rule.reason not in MESSAGES:
            raise SpecError(f"reason must be one of {sorted(MESSAGES)}")
        if not is_int(rule.count) or rule.count < 1:
            raise SpecError("count must be an integer >= 1")
        if rule.match is not None and not isinstance(rule.match, str):
            raise SpecError("match must be a string")
        return rule

    def matches(self, entry: dict[str, Any]) -> bool:
        try:
            _, op = next(iter(entry.items()))
            table = op["TableName"]
        except Exception:  # noqa: BLE001 - a malformed entry is moto's to refuse
            return False
        return table == self.table and (self.match is None or self.match in json.dumps(entry))


class ReasonInjector(CountedRules[ReasonRule]):
    """The reason rules."""

    def __init__(self) -> None:
        super().__init__("reason", ReasonRule.parse)

    def take(self, transact_items: list[dict[str, Any]]) -> dict[int, str]:
        """The reason of each action the first matching rule names, by index, one use of it consumed."""
        rule = self.first(lambda candidate: any(candidate.matches(entry) for entry in transact_items)) if self.armed() else None
        if rule is None:
            return {}
        return {index: rule.reason for index, entry in enumerate(transact_items) if rule.matches(entry)}


def with_reasons(found: list[tuple[Any, Any, Any]], injected: dict[int, str]) -> list[tuple[Any, Any, Any]]:
    """The transaction's own reasons (moto's, or all None when it would have committed), the injected in place."""
    return [(injected[i], MESSAGES[injected[i]], None) if i in injected else reason for i, reason in enumerate(found)]


def reasons_of(description: str) -> list[tuple[Any, Any, Any]]:
    """The (code, message, item) of each reason of a moto TransactionCanceledException, as it will answer them."""
    reasons = json.loads(description)["CancellationReasons"]
    return [(None, None, None) if r.get("Code") in (None, "None") else (r["Code"], r.get("Message"), r.get("Item"))
            for r in reasons]
