"""Fix 7 of moto_launcher.py: DynamoDB's write capacity, on demand (``/_capacity``).

Stock moto 5.2.1 never throttles, where DynamoDB refuses writes beyond a
table's (or a partition's) capacity, which comes back as the load falls.
``/_capacity`` (POST ``{"write_units_per_second": N, "burst_seconds": B}``,
GET, DELETE) switches on a token bucket of write units per table, refilled
continuously: a PutItem, UpdateItem, DeleteItem or TransactWriteItems the
bucket cannot pay for is refused as DynamoDB refuses it, writing nothing. Fix
3's faults (moto_faults.py) are the other shape of throttling: counted bursts,
whatever the load.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import moto.dynamodb.models as dynamodb_models
from moto.dynamodb.exceptions import DynamodbException, TransactionCanceledException
from moto.dynamodb.models.dynamo_type import DynamoType
from moto.dynamodb.models.table import Table
from moto.dynamodb.models.utilities import bytesize
from moto_keys import item_key
from moto_wsgi import DYNAMODB_ERROR_PREFIX, SpecError, is_number

# DynamoDB's texts for a throttled write ("TransactWriteItems", Errors, Amazon DynamoDB API
# Reference, https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html).
ON_DEMAND_THROTTLED = (
    "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table "
    "or index so please try again shortly. If exceptions persist, check if you have a hot key: "
    "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html."
)
PROVISIONED_THROTTLED = (
    "The level of configured provisioned throughput for the table was exceeded. "
    "Consider increasing your provisioning level with the UpdateTable API."
)
WRITE_UNIT_BYTES = 1024
# DynamoDB keeps up to five minutes of unused capacity as burst ("Burst capacity", Amazon DynamoDB
# Developer Guide, https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/burst-adaptive-capacity.html).
MAX_BURST_SECONDS = 300
MAX_UNITS_PER_SECOND = 1_000_000
SINGLE_WRITES = frozenset({"PutItem", "UpdateItem", "DeleteItem"})


def _on_demand(table: Table) -> bool:
    return table.billing_mode == "PAY_PER_REQUEST"


class ThrottledWriteException(DynamodbException):
    """What DynamoDB answers a single write beyond capacity: ThrottlingException on an on-demand
    table, ProvisionedThroughputExceededException on a provisioned one, each with its throttling
    reason ("ThrottlingReason", Amazon DynamoDB API Reference,
    https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ThrottlingReason.html)."""

    def __init__(self, table: Table) -> None:
        on_demand = _on_demand(table)
        code = "ThrottlingException" if on_demand else "ProvisionedThroughputExceededException"
        message = ON_DEMAND_THROTTLED if on_demand else PROVISIONED_THROTTLED
        super().__init__(DYNAMODB_ERROR_PREFIX + code, message)
        reason = "TableWriteMaxOnDemandThroughputExceeded" if on_demand else "TableWriteProvisionedThroughputExceeded"
        # The API model spells the list throttlingReasons in one exception, ThrottlingReasons in the other.
        self.description = json.dumps({
            "__type": self.error_type,
            "message": message,
            "throttlingReasons" if on_demand else "ThrottlingReasons": [{"reason": reason, "resource": table.table_arn}],
        })


def _item_units(size_bytes: int) -> int:
    """Write units of one write of an item this large: one per KB started, at least one."""
    return max(1, -(-size_bytes // WRITE_UNIT_BYTES))


def _size(attributes: dict[str, Any]) -> int:
    """An item's size as DynamoDB counts it: its attribute names and values."""
    return sum(bytesize(name) + DynamoType(value).size() for name, value in attributes.items())


def _write_units(table: Table, key: dict[str, Any], new_item: dict[str, Any] | None) -> int:
    """The units one write consumes: the larger of the item before and after it (a delete or an
    update is charged the stored item, a put the larger of the two); the item after an update is
    not known before it runs, so it counts as the one before."""
    try:
        hash_key = DynamoType(key[table.hash_key_attr])
        range_key = DynamoType(key[table.range_key_attr]) if table.range_key_attr else None
        stored = table.get_item(hash_key, range_key)
    except Exception:  # noqa: BLE001 - an invalid key: moto answers it with its own validation error
        stored = None
    size = stored.size() if stored is not None else 0
    if new_item is not None:
        size = max(size, _size(new_item))
    return _item_units(size)


class WriteCapacity:
    """DynamoDB's write capacity per table, off until configured.

    Each table has a bucket of write units that refills continuously at
    `write_units_per_second` and holds at most `burst_seconds` of them. A
    write is admitted when its table's bucket holds its units (or, for a
    request costing more than a full bucket, when the bucket is full; it then
    runs into debt), and its units are taken; otherwise it is refused and
    takes nothing. A standard write costs one unit per KB of item, a
    transactional one two ("Read/write capacity mode", Amazon DynamoDB
    Developer Guide, https://docs.aws.amazon.com/amazondynamodb/latest/
    developerguide/capacity-mode.html); a ConditionCheck writes nothing.
    Refusals are DynamoDB's: a single write fails with ThrottledWriteException;
    a transaction is cancelled with reason ThrottlingError (on-demand table) or
    ProvisionedThroughputExceeded (provisioned) at each item whose table could
    not pay, None at the others. Only PutItem, UpdateItem, DeleteItem and
    TransactWriteItems are charged (the writes moto makes for a transaction
    are its own; BatchWriteItem, which DynamoDB answers with unprocessed items,
    is let through).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rate: float | None = None
        self._size = 0.0
        self._tokens: dict[str, float] = {}
        self._refilled: dict[str, float] = {}
        self._throttled = 0
        self._operation = threading.local()

    def configure(self, spec: Any) -> dict[str, Any]:
        """Switches capacity on from ``{"write_units_per_second": N, "burst_seconds": B}`` (B 1 when
        left out), every bucket full; answers the state."""
        usage = 'body must be {"write_units_per_second": <number > 0>, "burst_seconds": <number, default 1>}'
        if not isinstance(spec, dict) or "write_units_per_second" not in spec \
                or set(spec) - {"write_units_per_second", "burst_seconds"}:
            raise SpecError(usage)
        rate, burst = spec["write_units_per_second"], spec.get("burst_seconds", 1)
        if not is_number(rate) or not 0 < rate <= MAX_UNITS_PER_SECOND:
            raise SpecError("write_units_per_second must be a number above 0")
        if not is_number(burst) or not 0 < burst <= MAX_BURST_SECONDS or rate * burst < 1:
            raise SpecError(f"burst_seconds must be a number above 0, at most {MAX_BURST_SECONDS}, "
                            f"holding one unit or more")
        with self._lock:
            self._rate = float(rate)
            self._size = rate * burst
            self._tokens.clear()
            self._refilled.clear()
            self._throttled = 0
        return self.state()

    def reset(self) -> dict[str, int]:
        """Switches capacity off; answers how many requests it refused."""
        with self._lock:
            self._rate = None
            throttled, self._throttled = self._throttled, 0
            return {"throttled": throttled}

    def state(self) -> dict[str, Any]:
        with self._lock:
            rate = self._rate
            return {
                "enabled": rate is not None,
                "write_units_per_second": rate,
                "burst_seconds": None if not rate else self._size / rate,
                "throttled": self._throttled,
            }

    @contextmanager
    def request(self, operation: str | None) -> Iterator[None]:
        """The DynamoDB operation this thread runs (None: not DynamoDB), for the charges below."""
        self._operation.name = operation
        try:
            yield
        finally:
            self._operation.name = None

    def charge_transaction(self, backend: dynamodb_models.DynamoDBBackend, transact_items: list[dict[str, Any]]) -> None:
        """Takes a transaction's units from each table it writes, or cancels it writing nothing."""
        if self._rate is None or getattr(self._operation, "name", None) != "TransactWriteItems":
            return
        entries: list[tuple[Table, int] | None] = []
        for entry in transact_items:
            try:
                kind, op = next(iter(entry.items()))
                table = backend.get_table(op["TableName"])
            except Exception:  # noqa: BLE001 - moto answers a malformed entry with its own validation error
                entries.append(None)
                continue
            if kind == "Put":
                item = op.get("Item", {})
                entries.append((table, 2 * _write_units(table, item_key(table, item), item)))
            elif kind in ("Update", "Delete"):
                entries.append((table, 2 * _write_units(table, op.get("Key", {}), None)))
            else:
                entries.append(None)  # a ConditionCheck reads
        costs: dict[str, int] = {}
        for charged in entries:
            if charged is not None:
                costs[charged[0].name] = costs.get(charged[0].name, 0) + charged[1]
        short = self._take(costs)
        if not short:
            return
        reasons: list[tuple[str, str, None] | tuple[None, None, None]] = []
        for charged in entries:
            if charged is None or charged[0].name not in short:
                reasons.append((None, None, None))
            elif _on_demand(charged[0]):
                reasons.append(("ThrottlingError", ON_DEMAND_THROTTLED, None))
            else:
                reasons.append(("ProvisionedThroughputExceeded", PROVISIONED_THROTTLED, None))
        raise TransactionCanceledException(reasons)

    def charge_single_write(self, backend: dynamodb_models.DynamoDBBackend, table_name: str, key: dict[str, Any],
                            new_item: dict[str, Any] | None) -> None:
        """Takes a PutItem's, UpdateItem's or DeleteItem's units, or refuses it."""
        if self._rate is None or getattr(self._operation, "name", None) not in SINGLE_WRITES:
            return
        try:
            table = backend.get_table(table_name)
        except Exception:  # noqa: BLE001 - moto answers an unknown table itself
            return
        if self._take({table.name: _write_units(table, key, new_item)}):
            raise ThrottledWriteException(table)

    def _take(self, costs: dict[str, int]) -> set[str]:
        """Takes every table's units if all can pay; else takes nothing and answers the tables that could not."""
        with self._lock:
            rate = self._rate
            if rate is None:
                return set()
            now = time.monotonic()
            for name in costs:
                tokens = self._tokens.get(name, self._size)
                elapsed = now - self._refilled.get(name, now)
                self._tokens[name] = min(self._size, tokens + elapsed * rate)
                self._refilled[name] = now
            short = {name for name, units in costs.items() if self._tokens[name] < min(units, self._size)}
            if short:
                self._throttled += 1
                return short
            for name, units in costs.items():
                self._tokens[name] -= units
            return set()
