"""Fix 4 of moto_launcher.py: DynamoDB's transaction conflicts, on demand (``/_conflicts``).

Fix 1 (moto_lock.py) makes transactions never meet, where DynamoDB's
optimistic concurrency cancels a transaction that touches an item another
in-flight transaction holds. ``/_conflicts`` (POST ``{"hold_ms": N}``, GET,
DELETE) switches that behaviour on: each TransactWriteItems holds its items
for N ms after it ran (its answer waits that long, outside the lock), and a
transaction or a single-item write that touches a held item is refused as
DynamoDB refuses it (TransactionConflict), writing nothing.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import moto.dynamodb.models as dynamodb_models
from moto.dynamodb.exceptions import DynamodbException, TransactionCanceledException
from moto_keys import entry_table_and_key
from moto_wsgi import DYNAMODB_ERROR_PREFIX, SpecError, is_int

MAX_HOLD_MS = 10_000


class TransactionConflictException(DynamodbException):
    """What DynamoDB answers a single-item write on an item a transaction holds."""

    error_type = DYNAMODB_ERROR_PREFIX + "TransactionConflictException"

    def __init__(self) -> None:
        super().__init__(self.error_type, "Transaction is ongoing for the item")


class ConflictMode:
    """DynamoDB's optimistic concurrency for transactions, off until configured.

    DynamoDB cancels a TransactWriteItems that touches an item another
    in-flight transaction holds (reason TransactionConflict at that item's
    index, None elsewhere), and refuses a PutItem, UpdateItem or DeleteItem
    on such an item with TransactionConflictException ("Transaction conflict
    handling in DynamoDB", https://docs.aws.amazon.com/amazondynamodb/latest/
    developerguide/transaction-apis.html#transaction-conflict-handling).
    Behind the one lock of fix 1 no two transactions are ever in flight
    together, so here a transaction holds its items from the moment it runs
    until hold_ms after it, while its answer waits outside the lock (see
    LauncherApp); reads are not affected (DynamoDB's see the last committed
    value; here they may see the transaction's writes up to hold_ms early).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._hold_seconds: float | None = None
        self._held: dict[tuple[str, str], object] = {}
        self._answered = 0
        self._taken = threading.local()

    def configure(self, spec: Any) -> dict[str, Any]:
        """Switches the mode on from ``{"hold_ms": N}``; answers the state."""
        if not isinstance(spec, dict) or set(spec) != {"hold_ms"}:
            raise SpecError(f'body must be {{"hold_ms": <integer 1-{MAX_HOLD_MS}>}}')
        hold_ms = spec["hold_ms"]
        if not is_int(hold_ms) or not 1 <= hold_ms <= MAX_HOLD_MS:
            raise SpecError(f"hold_ms must be an integer from 1 to {MAX_HOLD_MS}")
        with self._lock:
            self._hold_seconds = hold_ms / 1000
        return self.state()

    def reset(self) -> dict[str, int]:
        """Switches the mode off; answers how many requests it refused."""
        with self._lock:
            self._hold_seconds = None
            answered, self._answered = self._answered, 0
            return {"conflicts": answered}

    def state(self) -> dict[str, Any]:
        with self._lock:
            hold = self._hold_seconds
            return {
                "enabled": hold is not None,
                "hold_ms": None if hold is None else round(hold * 1000),
                "conflicts": self._answered,
            }

    def take_transaction(self, backend: dynamodb_models.DynamoDBBackend, transact_items: list[dict[str, Any]]) -> None:
        """Refuses the transaction if one of its items is held, else holds them all for this thread."""
        if self._hold_seconds is None:
            return
        keys = [_item_id(backend, entry) for entry in transact_items]
        with self._lock:
            if self._hold_seconds is None:
                return
            conflicting = [key is not None and key in self._held for key in keys]
            if any(conflicting):
                self._answered += 1
                raise TransactionCanceledException(
                    [("TransactionConflict", "Transaction is ongoing for the item", None) if hit else (None, None, None)
                     for hit in conflicting]
                )
            token = object()
            for key in keys:
                if key is not None:
                    self._held[key] = token
            self._taken.token = token
            self._taken.hold = self._hold_seconds

    def check_single_write(self, table_name: str, key: dict[str, Any]) -> None:
        """Refuses a single-item write on an item held by another transaction.

        moto's transact_write_items writes through the same backend methods:
        the items this thread's own transaction holds are let through.
        """
        if self._hold_seconds is None:
            return
        with self._lock:
            owner = self._held.get((table_name, _canonical(key)))
            if owner is not None and owner is not getattr(self._taken, "token", None):
                self._answered += 1
                raise TransactionConflictException()

    def release_after_hold(self) -> None:
        """Called off the lock once the request ran: waits out this thread's hold, then frees its items."""
        token = getattr(self._taken, "token", None)
        if token is None:
            return
        self._taken.token = None
        time.sleep(self._taken.hold)
        with self._lock:
            for key in [key for key, owner in self._held.items() if owner is token]:
                del self._held[key]


def _canonical(key: dict[str, Any]) -> str:
    return json.dumps(key, sort_keys=True)


def _item_id(backend: dynamodb_models.DynamoDBBackend, entry: dict[str, Any]) -> tuple[str, str] | None:
    """(table, key) of one TransactItems entry as the request spells it; None if it names no table moto knows."""
    try:
        table, key = entry_table_and_key(backend, entry)
    except Exception:  # noqa: BLE001 - moto answers such an entry with its own validation error
        return None
    return table.name, _canonical(key)
