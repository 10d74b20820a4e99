"""Where an item lives in moto's DynamoDB models, for fixes 2, 4 and 7 of moto_launcher.py.

No fix of moto's behaviour lives here: the item-level undo (fix 2), the
conflict mode (fix 4) and the write capacity (fix 7) each need the key of the
item a request writes, as moto derives it (a Put names its key inside the
item, by the table's key attributes; the other writes name it as ``Key``), and
the undo reads and writes the stored item at a key in place.
"""

from __future__ import annotations

from typing import Any

import moto.dynamodb.models as dynamodb_models
from moto.dynamodb.models.table import Table


def item_key(table: Table, item: dict[str, Any]) -> dict[str, Any]:
    """The key attributes of `table` that `item` holds, as the request spells them."""
    names = [table.hash_key_attr] + ([table.range_key_attr] if table.range_key_attr else [])
    return {name: item[name] for name in names if name in item}


def entry_table_and_key(backend: dynamodb_models.DynamoDBBackend, entry: dict[str, Any]) -> tuple[Table, dict[str, Any]]:
    """The table of one TransactItems entry and its key as the request spells it, as moto derives them."""
    op_type, op = next(iter(entry.items()))
    table = backend.get_table(op["TableName"])
    if op_type == "Put":
        return table, item_key(table, op["Item"])
    return table, op["Key"]


def entry_key(backend: dynamodb_models.DynamoDBBackend, entry: dict[str, Any]) -> tuple[Table, Any, Any]:
    """The table and key (DynamoTypes) of one TransactItems entry; raises when the key is incomplete."""
    table, key = entry_table_and_key(backend, entry)
    hash_key, range_key = backend.get_keys_value(table, key)
    return table, hash_key, range_key


def stored_item(table: Table, hash_key: Any, range_key: Any) -> Any:
    """The item at a key, or None; read with .get so the defaultdict grows nothing."""
    if range_key is None:
        return table.items.get(hash_key)
    return table.items.get(hash_key, {}).get(range_key)


def store_item(table: Table, hash_key: Any, range_key: Any, item: Any) -> None:
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
