"""Runs moto's server for the local runtime (DESIGN.md §10), fixed for our tests.

    python infra/local/moto_launcher.py --host 127.0.0.1 --port N [--tls-cert CERT --tls-key KEY]

With --tls-cert and --tls-key it answers on TLS only (https://, as AWS does; the URLs it
builds, such as an SQS QueueUrl, say https as well), else on plain HTTP.
prints one line ``ready <port>`` on stdout once the port is listening; all
else (moto's own prints, request logs with --verbose) goes to stderr.

Stock moto 5.2.1 and werkzeug's server fall short of an idempotent receiver's local runtime in
eight measured ways, fixed here without editing moto:

1. Its threaded server has no lock around backend calls: two concurrent
   conditional TransactWriteItems on one new key can both succeed, and a
   cancelled transaction restoring its table copy loses writes acknowledged
   meanwhile. Every backend request is serialised by one lock (SQS too: its
   DeleteMessage rebuilds the message list and drops a concurrent send);
   an SQS long poll lets go of the lock while it sleeps.
2. TransactWriteItems deep-copies every touched table to roll back on
   cancellation: O(table size) per transaction, and the restored copy has a
   new stream shard, so open stream iterators stop seeing new records. It is
   replaced by an item-level undo of just the touched items and of the stream
   records the transaction appended.
3. Tests need DynamoDB errors on demand: ``/_fault`` (POST a rule, GET the
   remaining ones, DELETE them all) makes the next matching DynamoDB requests
   answer a DynamoDB JSON error without reaching the backend.
4. Fix 1 makes transactions never meet, where DynamoDB's optimistic
   concurrency cancels a transaction that touches an item another in-flight
   transaction holds. ``/_conflicts`` (POST ``{"hold_ms": N}``, GET, DELETE)
   switches that behaviour on: each TransactWriteItems holds its items for
   N ms after it ran (its answer waits that long, outside the lock), and a
   transaction or a single-item write that touches a held item is refused as
   DynamoDB refuses it (TransactionConflict), writing nothing.
5. Every SQS request scans the whole queue, some many times over: sending,
   receiving and deleting cost more the more messages wait. moto_sqs_scale.py
   makes each cost what the request itself asks for.
6. Every request lists moto's package directory (one stat per service) to
   find its backend; the listing is read once (patch_backend_lookup).
7. moto never throttles, where DynamoDB refuses writes beyond a table's (or a
   partition's) capacity, which comes back as the load falls. ``/_capacity``
   (POST ``{"write_units_per_second": N, "burst_seconds": B}``, GET, DELETE)
   switches on a token bucket of write units per table, refilled continuously:
   a PutItem, UpdateItem, DeleteItem or TransactWriteItems the bucket cannot
   pay for is refused as DynamoDB refuses it, writing nothing. Fix 3's faults
   are the other shape of throttling: counted bursts, whatever the load.

8. werkzeug's server answers every request with ``Connection: close``, where AWS keeps a
   connection open for the next call: over TLS each call would pay a new connection and a full
   handshake (about 3 ms here, 4x a call's cost). The launcher keeps connections alive
   (KeepAliveRequestHandler: no ``Connection: close``, the request body always read whole, Nagle's
   algorithm off so an answer's two writes leave at once) and turns off werkzeug's drain after
   each request, which exists only because it closes them (patch_keep_alive).

moto's own endpoints, ``/moto-api/`` included, work as before.

Besides, ``--record-calls FILE`` appends one JSON line to FILE for every request
signed by a local Lambda function (its access key id is ``lambda-<LogicalId>``,
as the local runtime gives each function): which function, in which Lambda
phase (the ``x-local-lambda-phase`` header the runtime's SDK clients add), the
service, the operation and the resources it names. ``make rehearse`` evaluates
those calls against each function's IAM role. Requests signed with any other
key (the tests, the event source mappings, the CLI) are not recorded.
"""

from __future__ import annotations

import argparse
import copy
import faulthandler
import http
import io
import json
import logging
import os
import selectors
import signal
import ssl
import sys
import threading
import time
import types
import urllib.parse
import uuid
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

import moto
import moto.backends as moto_backends
import moto.dynamodb.models as dynamodb_models
import moto.sqs.models as sqs_models
from moto.dynamodb.exceptions import DynamodbException, TransactionCanceledException
from moto.dynamodb.models.dynamo_type import DynamoType
from moto.dynamodb.models.table import Table
from moto.dynamodb.models.utilities import bytesize
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
from moto_sqs_scale import patch_sqs_scale
import werkzeug.serving
from werkzeug.serving import WSGIRequestHandler, make_server

PATCHED_MOTO_VERSION = "5.2.1"
DYNAMODB_TARGET_PREFIX = "DynamoDB_20120810."
DYNAMODB_ERROR_PREFIX = "com.amazonaws.dynamodb.v20120810#"
DYNAMODB_CONTENT_TYPE = "application/x-amz-json-1.0"
FAULT_PATH = "/_fault"
CONFLICTS_PATH = "/_conflicts"
CAPACITY_PATH = "/_capacity"
# The local runtime's convention (com.example.localaws.CallRecording in Java): a function's
# process signs with the access key id FUNCTION_KEY_PREFIX + its logical id, and its SDK clients
# say the Lambda phase of each call in PHASE_HEADER.
FUNCTION_KEY_PREFIX = "lambda-"
PHASE_HEADER = "x-local-lambda-phase"
PHASES = frozenset({"init", "invoke"})

StartResponse = Callable[..., Any]


class BackendLock:
    """The one lock every backend request holds (fix 1).

    moto's models keep plain dicts and lists and check-then-write without any
    locking, so only one request may be inside a backend at a time. The lock
    knows whether the current thread holds it, so that a request that would
    sleep inside a backend (SQS long polling) can let others in meanwhile.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holder = threading.local()

    def __enter__(self) -> None:
        self._lock.acquire()
        self._holder.held = True

    def __exit__(self, *_: object) -> None:
        self._holder.held = False
        self._lock.release()

    @contextmanager
    def released(self) -> Iterator[None]:
        """Lets other requests in while this thread waits; a no-op off the lock."""
        if not getattr(self._holder, "held", False):
            yield
            return
        self.__exit__()
        try:
            yield
        finally:
            self.__enter__()


def patch_sqs_long_polling(lock: BackendLock) -> None:
    """Releases the backend lock while a ReceiveMessage long poll sleeps.

    moto's receive_message re-reads the queue after each Queue.wait_for_messages
    (a Condition wait of up to 1 s), so letting other requests run during that
    wait is safe, and a SendMessage can wake it up.
    """
    original = sqs_models.Queue.wait_for_messages

    def wait_for_messages(self: sqs_models.Queue, timeout: int) -> None:
        with lock.released():
            original(self, timeout)

    sqs_models.Queue.wait_for_messages = wait_for_messages


def patch_backend_lookup() -> None:
    """Lists moto's services once, not on every request (fix 6).

    DomainDispatcherApplication.get_backend_for_host calls
    moto.backends.list_of_moto_modules for each request: a listdir and an
    isdir per service, 9 % of the launcher's time while draining. The package
    does not change while the server runs, so the first listing is kept.
    """
    services = tuple(moto_backends.list_of_moto_modules())
    moto_backends.list_of_moto_modules = lambda: services


class KeepAliveRequestHandler(WSGIRequestHandler):
    """werkzeug's handler, keeping the connection open for the client's next request (fix 8).

    http.server ends a connection after a request that said ``Connection: close``, which werkzeug
    adds to every answer; without it, the threaded server's HTTP/1.1 reads the next request on the
    same connection. Nagle's algorithm is off: an answer is written as headers, then body, and
    the body must not wait for the client's delayed ACK of the headers (about 40 ms).
    """

    disable_nagle_algorithm = True

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "connection" and value.lower() == "close":
            return
        super().send_header(keyword, value)


class _NothingToDrain:
    """A selector that never finds anything to read: werkzeug's drain after each request (fix 8)."""

    def register(self, *_: object) -> None:
        pass

    def select(self, timeout: float | None = None) -> list[Any]:
        return []

    def close(self) -> None:
        pass


def patch_keep_alive() -> None:
    """Turns off werkzeug's drain of the connection after each request (fix 8).

    After an answer, werkzeug reads and discards whatever the client sent beyond the request
    (up to 10 MB, while bytes keep coming within 10 ms), safe only because it closes every
    connection: on a kept-alive one it would swallow the client's next request. LauncherApp reads
    every request's body whole before answering, so nothing is left to drain.
    """
    werkzeug.serving.selectors = types.SimpleNamespace(DefaultSelector=_NothingToDrain, EVENT_READ=selectors.EVENT_READ)


def _deepcopy_except_tables(obj: Any, memo: dict[int, Any] | None = None) -> Any:
    """copy.deepcopy, except that a Table comes back as itself (fix 2).

    In moto.dynamodb.models, deepcopy is called on a Table only by
    transact_write_items, to back the whole table up; its "rollback" then puts
    the same object back, a no-op, and the item-level undo below does the real
    rollback. Every other deepcopy there (update_item's copy of the old item)
    is a real one.
    """
    if isinstance(obj, Table):
        return obj
    return copy.deepcopy(obj, memo)


class ItemUndo:
    """What one TransactWriteItems may change, recorded before it runs (fix 2).

    For each entry, the stored item at its key (a copy, since Update mutates
    items in place) or None when absent; for each touched table with a stream,
    the number of records in its shard. restore() puts those items back,
    deletes items the transaction created and drops the stream records it
    appended, in place, so open shard iterators read on. Cost: O(entries).
    """

    def __init__(self, backend: dynamodb_models.DynamoDBBackend, transact_items: list[dict[str, Any]]):
        self._items: list[tuple[Table, Any, Any, Any]] = []
        self._stream_lengths: dict[int, tuple[Any, int]] = {}
        for entry in transact_items:
            self._record(backend, entry)

    def _record(self, backend: dynamodb_models.DynamoDBBackend, entry: dict[str, Any]) -> None:
        """Records one entry's item; an entry whose key cannot be read is one moto writes nothing for."""
        try:
            table, hash_key, range_key = _entry_key(backend, entry)
        except Exception:  # noqa: BLE001 - moto answers such an entry with an error
            return
        prior = _stored_item(table, hash_key, range_key)
        self._items.append((table, hash_key, range_key, copy.deepcopy(prior)))
        shard = table.stream_shard
        if shard is not None:
            self._stream_lengths.setdefault(id(shard), (shard, len(shard.items)))

    def restore(self) -> None:
        """Undoes the transaction's writes and its stream records."""
        for table, hash_key, range_key, prior in reversed(self._items):
            _store_item(table, hash_key, range_key, prior)
        for shard, length in self._stream_lengths.values():
            del shard.items[length:]


def _entry_table_and_key(backend: dynamodb_models.DynamoDBBackend, entry: dict[str, Any]) -> tuple[Table, dict[str, Any]]:
    """The table of one TransactItems entry and its key as the request spells it, as moto derives them."""
    op_type, op = next(iter(entry.items()))
    table = backend.get_table(op["TableName"])
    if op_type == "Put":
        key_attrs = [table.hash_key_attr] + ([table.range_key_attr] if table.range_key_attr else [])
        return table, {name: op["Item"][name] for name in key_attrs}
    return table, op["Key"]


def _entry_key(backend: dynamodb_models.DynamoDBBackend, entry: dict[str, Any]) -> tuple[Table, Any, Any]:
    """The table and key (DynamoTypes) of one TransactItems entry, as moto derives them."""
    table, key = _entry_table_and_key(backend, entry)
    hash_key, range_key = backend.get_keys_value(table, key)
    return table, hash_key, range_key


def _stored_item(table: Table, hash_key: Any, range_key: Any) -> Any:
    """The item at a key, or None; read with .get so the defaultdict grows nothing."""
    if range_key is None:
        return table.items.get(hash_key)
    return table.items.get(hash_key, {}).get(range_key)


def _store_item(table: Table, hash_key: Any, range_key: Any, item: Any) -> None:
    """Puts an item at a key, or removes whatever is there when item is None."""
    if range_key is None:
        if item is None:
            table.items.pop(hash_key, None)
        else:
            table.items[hash_key] = item
    elif item is None:
        table.items.get(hash_key, {}).pop(range_key, None)
    else:
        table.items[hash_key][range_key] = item


def patch_transactions(conflicts: ConflictMode, capacity: WriteCapacity) -> None:
    """Replaces transact_write_items' whole-table backup by an ItemUndo (fix 2).

    moto's transaction logic itself (conditions, ALL_OLD, cancellation
    reasons) runs unchanged; any exception out of it (TransactionCanceled,
    validation) first undoes what it wrote. Before it, the write capacity
    (fix 7) may refuse the transaction, then the conflict mode (fix 4) may
    refuse it or take its items.
    """
    if moto.__version__ != PATCHED_MOTO_VERSION or dynamodb_models.copy is not copy:
        sys.exit(f"moto_launcher: written for moto {PATCHED_MOTO_VERSION}, found {moto.__version__}")
    dynamodb_models.copy = types.SimpleNamespace(deepcopy=_deepcopy_except_tables)
    original = dynamodb_models.DynamoDBBackend.transact_write_items

    def transact_write_items(self: dynamodb_models.DynamoDBBackend, transact_items: list[dict[str, Any]]) -> None:
        capacity.charge_transaction(self, transact_items)
        conflicts.take_transaction(self, transact_items)
        undo = ItemUndo(self, transact_items)
        try:
            original(self, transact_items)
        except BaseException:
            undo.restore()
            raise

    dynamodb_models.DynamoDBBackend.transact_write_items = transact_write_items


class TransactionConflictException(DynamodbException):
    """What DynamoDB answers a single-item write on an item a transaction holds."""

    error_type = DYNAMODB_ERROR_PREFIX + "TransactionConflictException"

    def __init__(self) -> None:
        super().__init__(self.error_type, "Transaction is ongoing for the item")


class ConflictMode:
    """DynamoDB's optimistic concurrency for transactions (fix 4), off until enabled.

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

    def enable(self, hold_ms: int) -> None:
        with self._lock:
            self._hold_seconds = hold_ms / 1000

    def disable(self) -> int:
        """Switches the mode off; answers how many requests it refused."""
        with self._lock:
            self._hold_seconds = None
            answered, self._answered = self._answered, 0
            return answered

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
        table, key = _entry_table_and_key(backend, entry)
    except Exception:  # noqa: BLE001 - moto answers such an entry with its own validation error
        return None
    return table.name, _canonical(key)


def patch_single_writes(conflicts: ConflictMode, capacity: WriteCapacity) -> None:
    """PutItem, UpdateItem and DeleteItem consult the write capacity (fix 7), then the conflict mode (fix 4)."""
    backend_class = dynamodb_models.DynamoDBBackend
    originals = {
        "put_item": backend_class.put_item,
        "update_item": backend_class.update_item,
        "delete_item": backend_class.delete_item,
    }

    def guarded(name: str) -> Callable[..., Any]:
        original = originals[name]

        def write(self: dynamodb_models.DynamoDBBackend, table_name: str, item_or_key: dict[str, Any],
                  *args: Any, **kwargs: Any) -> Any:
            if name == "put_item":
                table = self.get_table(table_name)
                key_attrs = [table.hash_key_attr] + ([table.range_key_attr] if table.range_key_attr else [])
                key = {attr: item_or_key[attr] for attr in key_attrs if attr in item_or_key}
            else:
                key = item_or_key
            capacity.charge_single_write(self, table_name, key, item_or_key if name == "put_item" else None)
            conflicts.check_single_write(table_name, key)
            return original(self, table_name, item_or_key, *args, **kwargs)

        return write

    for name in originals:
        setattr(backend_class, name, guarded(name))


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
    """DynamoDB's write capacity per table (fix 7), off until enabled.

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

    def enable(self, units_per_second: float, burst_seconds: float) -> None:
        with self._lock:
            self._rate = float(units_per_second)
            self._size = units_per_second * burst_seconds
            self._tokens.clear()
            self._refilled.clear()
            self._throttled = 0

    def disable(self) -> int:
        """Switches capacity off; answers how many requests it refused."""
        with self._lock:
            self._rate = None
            throttled, self._throttled = self._throttled, 0
            return throttled

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
                key = {attr: item[attr] for attr in (table.hash_key_attr, table.range_key_attr) if attr in item}
                entries.append((table, 2 * _write_units(table, key, item)))
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


class FaultError(ValueError):
    """A /_fault request the injector cannot accept; answered with HTTP 400."""


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
            raise FaultError("body must be a JSON object")
        unknown = set(spec) - {"operation", "match", "status", "code", "message", "count"}
        if unknown:
            raise FaultError(f"unknown fields: {sorted(unknown)}")
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
            raise FaultError("operation must be a DynamoDB operation name, e.g. TransactWriteItems")
        if not _is_int(self.status) or not 400 <= self.status <= 599:
            raise FaultError("status must be an integer from 400 to 599")
        if not isinstance(self.code, str) or not self.code:
            raise FaultError("code must be a non-empty string")
        if not isinstance(self.message, str):
            raise FaultError("message must be a string")
        if not _is_int(self.count) or self.count < 1:
            raise FaultError("count must be an integer >= 1")
        if self.match is not None and not isinstance(self.match, str):
            raise FaultError("match must be a string")

    def matches(self, operation: str, body: str) -> bool:
        return operation == self.operation and (self.match is None or self.match in body)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class FaultInjector:
    """The fault rules, first added first matched (fix 3); thread-safe."""

    def __init__(self) -> None:
        self._rules: list[FaultRule] = []
        self._lock = threading.Lock()

    def add(self, rule: FaultRule) -> None:
        with self._lock:
            self._rules.append(rule)

    def clear(self) -> int:
        with self._lock:
            cleared = len(self._rules)
            self._rules.clear()
            return cleared

    def remaining(self) -> list[dict[str, Any]]:
        with self._lock:
            return [asdict(rule) for rule in self._rules]

    def armed(self) -> bool:
        """Whether any rule is left: only then is a request's body read."""
        return bool(self._rules)

    def take(self, operation: str, body: str) -> FaultRule | None:
        """The first rule matching this request, with one use consumed, or None."""
        with self._lock:
            for rule in self._rules:
                if rule.matches(operation, body):
                    rule.count -= 1
                    if rule.count == 0:
                        self._rules.remove(rule)
                    return rule
        return None


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
        if signature is None or not signature.access_key_id.startswith(self._key_prefix):
            return
        service, operation, resources = describe_call(environ, _read_body(environ), signature)
        phase = environ.get("HTTP_" + PHASE_HEADER.upper().replace("-", "_"), "")
        line = json.dumps({
            "function": signature.access_key_id[len(self._key_prefix):],
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


class LauncherApp:
    """WSGI app in front of moto's: /_fault, /_conflicts, /_capacity, then the call recording, then
    injected faults, then moto under the lock."""

    def __init__(self, moto_app: DomainDispatcherApplication, lock: BackendLock, faults: FaultInjector,
                 conflicts: ConflictMode, capacity: WriteCapacity, recorder: CallRecorder | None = None):
        self._moto_app = moto_app
        self._lock = lock
        self._faults = faults
        self._conflicts = conflicts
        self._capacity = capacity
        self._recorder = recorder

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        # The whole body off the connection before any answer: the next request on a kept-alive
        # connection starts right after it (fix 8), whatever this request's handler reads.
        _read_body(environ)
        if environ.get("PATH_INFO") == FAULT_PATH:
            return self._admin(environ, start_response)
        if environ.get("PATH_INFO") == CONFLICTS_PATH:
            return self._conflicts_admin(environ, start_response)
        if environ.get("PATH_INFO") == CAPACITY_PATH:
            return self._capacity_admin(environ, start_response)
        if self._recorder is not None:
            # Before the faults: a call answered with an injected error was still made.
            self._recorder.record(environ)
        operation = _dynamodb_operation(environ)
        if operation is not None and self._faults.armed():
            rule = self._faults.take(operation, _read_body(environ).decode("utf-8", "replace"))
            if rule is not None:
                return _dynamodb_error(rule, start_response)
        with self._capacity.request(operation):
            return self._call_moto(environ, start_response)

    def _call_moto(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        """Runs moto's app and drains its response inside the lock, as a Flask response may be lazy.

        A transaction that took items in the conflict mode keeps them, and its
        answer, for the hold, after the lock is let go (fix 4).
        """
        try:
            with self._lock:
                response = self._moto_app(environ, start_response)
                try:
                    return [b"".join(response)]
                finally:
                    close = getattr(response, "close", None)
                    if close is not None:
                        close()
        finally:
            self._conflicts.release_after_hold()

    def _conflicts_admin(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method = environ.get("REQUEST_METHOD")
        if method == "GET":
            return _json(start_response, 200, self._conflicts.state())
        if method == "DELETE":
            return _json(start_response, 200, {"conflicts": self._conflicts.disable()})
        if method == "POST":
            try:
                spec = json.loads(_read_body(environ) or b"null")
            except ValueError as error:
                return _json(start_response, 400, {"error": f"body must be JSON: {error}"})
            if not isinstance(spec, dict) or set(spec) != {"hold_ms"}:
                return _json(start_response, 400, {"error": 'body must be {"hold_ms": <integer 1-10000>}'})
            hold_ms = spec["hold_ms"]
            if not _is_int(hold_ms) or not 1 <= hold_ms <= 10_000:
                return _json(start_response, 400, {"error": "hold_ms must be an integer from 1 to 10000"})
            self._conflicts.enable(hold_ms)
            return _json(start_response, 200, self._conflicts.state())
        return _json(start_response, 405, {"error": "use GET, POST or DELETE"})

    def _capacity_admin(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method = environ.get("REQUEST_METHOD")
        if method == "GET":
            return _json(start_response, 200, self._capacity.state())
        if method == "DELETE":
            return _json(start_response, 200, {"throttled": self._capacity.disable()})
        if method == "POST":
            try:
                spec = json.loads(_read_body(environ) or b"null")
            except ValueError as error:
                return _json(start_response, 400, {"error": f"body must be JSON: {error}"})
            usage = 'body must be {"write_units_per_second": <number > 0>, "burst_seconds": <number, default 1>}'
            if not isinstance(spec, dict) or "write_units_per_second" not in spec \
                    or set(spec) - {"write_units_per_second", "burst_seconds"}:
                return _json(start_response, 400, {"error": usage})
            rate, burst = spec["write_units_per_second"], spec.get("burst_seconds", 1)
            if not _is_number(rate) or not 0 < rate <= 1_000_000:
                return _json(start_response, 400, {"error": "write_units_per_second must be a number above 0"})
            if not _is_number(burst) or not 0 < burst <= MAX_BURST_SECONDS or rate * burst < 1:
                return _json(start_response, 400, {"error": f"burst_seconds must be a number above 0, at most "
                                                            f"{MAX_BURST_SECONDS}, holding one unit or more"})
            self._capacity.enable(rate, burst)
            return _json(start_response, 200, self._capacity.state())
        return _json(start_response, 405, {"error": "use GET, POST or DELETE"})

    def _admin(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method = environ.get("REQUEST_METHOD")
        if method == "GET":
            return _json(start_response, 200, {"faults": self._faults.remaining()})
        if method == "DELETE":
            return _json(start_response, 200, {"cleared": self._faults.clear()})
        if method == "POST":
            try:
                rule = FaultRule.parse(json.loads(_read_body(environ) or b"null"))
            except (FaultError, ValueError) as error:
                return _json(start_response, 400, {"error": str(error)})
            self._faults.add(rule)
            return _json(start_response, 200, {"fault": asdict(rule)})
        return _json(start_response, 405, {"error": "use GET, POST or DELETE"})


def _dynamodb_operation(environ: dict[str, Any]) -> str | None:
    """`TransactWriteItems` from `X-Amz-Target: DynamoDB_20120810.TransactWriteItems`; None if not DynamoDB."""
    target = environ.get("HTTP_X_AMZ_TARGET", "")
    if target.startswith(DYNAMODB_TARGET_PREFIX):
        return target[len(DYNAMODB_TARGET_PREFIX) :]
    return None


def _read_body(environ: dict[str, Any]) -> bytes:
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


def _dynamodb_error(rule: FaultRule, start_response: StartResponse) -> list[bytes]:
    """An error exactly as DynamoDB's JSON protocol sends it, CRC32 header included."""
    body = json.dumps({"__type": DYNAMODB_ERROR_PREFIX + rule.code, "message": rule.message}).encode()
    start_response(
        _status_line(rule.status),
        [
            ("Content-Type", DYNAMODB_CONTENT_TYPE),
            ("Content-Length", str(len(body))),
            ("x-amzn-RequestId", str(uuid.uuid4())),
            ("x-amz-crc32", str(zlib.crc32(body))),
        ],
    )
    return [body]


def _json(start_response: StartResponse, status: int, payload: Any) -> list[bytes]:
    body = json.dumps(payload).encode()
    start_response(
        _status_line(status),
        [("Content-Type", "application/json"), ("Content-Length", str(len(body)))],
    )
    return [body]


def _status_line(status: int) -> str:
    try:
        return f"{status} {http.HTTPStatus(status).phrase}"
    except ValueError:
        return f"{status} Error"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=0, help="port to bind (default 0: a free one)")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    parser.add_argument("--record-calls", metavar="FILE",
                        help="append one JSON line per request a local Lambda function signed to FILE")
    parser.add_argument("--tls-cert", metavar="PEM", help="answer on TLS with this server certificate (needs --tls-key)")
    parser.add_argument("--tls-key", metavar="PEM", help="the private key of --tls-cert")
    parser.add_argument("--function-key-prefix", default=FUNCTION_KEY_PREFIX, metavar="PREFIX",
                        help=f"the access key ids of local functions start with it (default {FUNCTION_KEY_PREFIX})")
    args = parser.parse_args(argv)
    if (args.tls_cert is None) != (args.tls_key is None):
        parser.error("--tls-cert and --tls-key go together")
    return args


def serve_tls(server: Any, cert_file: str, key_file: str) -> None:
    """Makes the server answer on TLS only, each handshake in its connection's own thread.

    werkzeug's own ssl_context wraps the listening socket with the handshake done in accept(),
    on the one thread that accepts every connection: one slow or silent client (a port probe)
    would hold all others up. Here the handshake is left to the first read, in the request
    thread; werkzeug still sees server.ssl_context and builds https URLs (wsgi.url_scheme).
    Connections are kept alive over TLS as without it (fix 8): one handshake per connection.
    """
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert_file, key_file)
    server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    server.ssl_context = context


def announce_ready(port: int) -> None:
    """Prints the one stdout line the callers wait for, then sends stdout to stderr.

    A caller may stop reading stdout after `ready`; moto's own prints then
    land on stderr instead of filling a pipe nobody drains.
    """
    sys.stdout.write(f"ready {port}\n")
    sys.stdout.flush()
    sys.stdout = sys.stderr


def _stop(*_: object) -> None:
    """SIGTERM ends serve_forever like Ctrl-C does."""
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    # A crash in native code (a segfault, an abort) prints every thread's stack to the log
    # instead of ending the process without a word.
    faulthandler.enable()
    logging.getLogger("werkzeug").setLevel(logging.INFO if args.verbose else logging.WARNING)
    lock = BackendLock()
    conflicts = ConflictMode()
    capacity = WriteCapacity()
    patch_transactions(conflicts, capacity)
    patch_single_writes(conflicts, capacity)
    patch_sqs_long_polling(lock)
    patch_sqs_scale()
    patch_backend_lookup()
    patch_keep_alive()
    recorder = CallRecorder(args.record_calls, args.function_key_prefix) if args.record_calls else None
    app = LauncherApp(DomainDispatcherApplication(create_backend_app), lock, FaultInjector(), conflicts, capacity,
                      recorder)
    server = make_server(args.host, args.port, app, threaded=True, request_handler=KeepAliveRequestHandler)
    if args.tls_cert is not None:
        serve_tls(server, args.tls_cert, args.tls_key)
    # Stopping must not wait for request threads still running (an SQS long poll).
    server.block_on_close = False
    # Where moto sends the requests it makes to itself (moto.server sets it too).
    os.environ["MOTO_PORT"] = str(server.server_port)
    signal.signal(signal.SIGTERM, _stop)
    announce_ready(server.server_port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
