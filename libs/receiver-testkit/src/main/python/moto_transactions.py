"""Fix 2 of moto_launcher.py: an item-level undo for TransactWriteItems; and where fixes 4 and 7
enter DynamoDB's write paths.

Stock moto 5.2.1's TransactWriteItems deep-copies every touched table to roll
back on cancellation: O(table size) per transaction, and the restored copy has
a new stream shard, so open stream iterators stop seeing new records. It is
replaced by an item-level undo of just the touched items and of the stream
records the transaction appended. moto's transaction logic itself
(conditions, ALL_OLD, cancellation reasons) runs unchanged.

Every write (TransactWriteItems, PutItem, UpdateItem, DeleteItem) first asks
the write capacity (fix 7, moto_capacity.py) to charge it, then the conflict
mode (fix 4, moto_conflicts.py) to let it through; either may refuse it, and
it then writes nothing. A transaction an injected reason names (fix 10,
moto_reasons.py) runs, is undone, and is cancelled with that reason at the
named actions beside what its own conditions found.
"""

from __future__ import annotations

import copy
import sys
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import moto
import moto.dynamodb.models as dynamodb_models
from moto.dynamodb.models.table import Table
from moto_keys import entry_key, item_key, store_item, stored_item

from moto.dynamodb.exceptions import TransactionCanceledException
from moto_reasons import reasons_of, with_reasons

if TYPE_CHECKING:
    from moto_capacity import WriteCapacity
    from moto_conflicts import ConflictMode
    from moto_reasons import ReasonInjector

PATCHED_MOTO_VERSION = "5.2.1"


def _deepcopy_except_tables(obj: Any, memo: dict[int, Any] | None = None) -> Any:
    """copy.deepcopy, except that a Table comes back as itself.

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
    """What one TransactWriteItems may change, recorded before it runs.

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
            table, hash_key, range_key = entry_key(backend, entry)
        except Exception:  # noqa: BLE001 - moto answers such an entry with an error
            return
        prior = stored_item(table, hash_key, range_key)
        self._items.append((table, hash_key, range_key, copy.deepcopy(prior)))
        shard = table.stream_shard
        if shard is not None:
            self._stream_lengths.setdefault(id(shard), (shard, len(shard.items)))

    def restore(self) -> None:
        """Undoes the transaction's writes and its stream records."""
        for table, hash_key, range_key, prior in reversed(self._items):
            store_item(table, hash_key, range_key, prior)
        for shard, length in self._stream_lengths.values():
            del shard.items[length:]


def patch_transactions(conflicts: ConflictMode, capacity: WriteCapacity, reasons: ReasonInjector) -> None:
    """Replaces transact_write_items' whole-table backup by an ItemUndo.

    Any exception out of moto's transaction (TransactionCanceled, validation)
    first undoes what it wrote. Before it, the write capacity may refuse the
    transaction, then the conflict mode may refuse it or take its items. A
    transaction with injected reasons is undone whatever it did, and cancelled
    with its own reasons, the injected ones in place.
    """
    if moto.__version__ != PATCHED_MOTO_VERSION or dynamodb_models.copy is not copy:
        sys.exit(f"moto_launcher: written for moto {PATCHED_MOTO_VERSION}, found {moto.__version__}")
    dynamodb_models.copy = types.SimpleNamespace(deepcopy=_deepcopy_except_tables)
    original = dynamodb_models.DynamoDBBackend.transact_write_items

    def transact_write_items(self: dynamodb_models.DynamoDBBackend, transact_items: list[dict[str, Any]]) -> None:
        capacity.charge_transaction(self, transact_items)
        conflicts.take_transaction(self, transact_items)
        injected = reasons.take(transact_items)
        undo = ItemUndo(self, transact_items)
        try:
            original(self, transact_items)
        except TransactionCanceledException as cancelled:
            undo.restore()
            if not injected:
                raise
            raise TransactionCanceledException(with_reasons(reasons_of(cancelled.description), injected)) from None
        except BaseException:
            undo.restore()
            raise
        if injected:
            undo.restore()
            raise TransactionCanceledException(with_reasons([(None, None, None)] * len(transact_items), injected))

    dynamodb_models.DynamoDBBackend.transact_write_items = transact_write_items


def patch_single_writes(conflicts: ConflictMode, capacity: WriteCapacity) -> None:
    """PutItem, UpdateItem and DeleteItem consult the write capacity, then the conflict mode."""
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
                key = item_key(self.get_table(table_name), item_or_key)
            else:
                key = item_or_key
            capacity.charge_single_write(self, table_name, key, item_or_key if name == "put_item" else None)
            conflicts.check_single_write(table_name, key)
            return original(self, table_name, item_or_key, *args, **kwargs)

        return write

    for name in originals:
        setattr(backend_class, name, guarded(name))
