"""Fix 11 of moto_launcher.py: DescribeTimeToLive on a table that does not exist answers
``ResourceNotFoundException``, as DynamoDB does.

"DescribeTimeToLive", Amazon DynamoDB API Reference
(https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeTimeToLive.html)
lists ``ResourceNotFoundException`` among its errors, the code every DynamoDB operation answers
for a table that does not exist. Stock moto 5.2.1 answers ``ResourceNotFound``, a code no SDK
maps to its ``ResourceNotFoundException``: a receiver that refuses, at init, a records table
that does not exist (a typo in ``IDEMPOTENCY_TABLE``) would see an unknown error there and
only warn.
"""

from __future__ import annotations

from typing import Any

import moto.dynamodb.models as dynamodb_models


def patch_describe_time_to_live() -> None:
    """DescribeTimeToLive reads the table as every other operation does: moto's own not-found error."""

    def describe_time_to_live(self: dynamodb_models.DynamoDBBackend, table_name: str) -> dict[str, Any]:
        return self.get_table(table_name).ttl

    dynamodb_models.DynamoDBBackend.describe_time_to_live = describe_time_to_live
