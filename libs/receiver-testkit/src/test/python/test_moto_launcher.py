"""Tests of moto_launcher.py: what it fixes in moto 5.2.1, checked through boto3.

Each fix has a test that runs against the launcher and, where cheap, the same
test against stock moto (`python -m moto.server`), expected to fail there
(strict xfail): that proves the test can see the bug it guards against.
Both servers are started here on free 127.0.0.1 ports and stopped at the end; the launcher on
TLS, as the Java tests start it (a throwaway CA made here with openssl, given to boto3 and urllib
as AWS_CA_BUNDLE would), stock moto on plain HTTP.
"""

from __future__ import annotations

import json
import socket
import ssl
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import repeat
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.config import Config
from botocore.credentials import Credentials
from botocore.exceptions import ClientError

LAUNCHER = Path(__file__).resolve().parents[2] / "main" / "python" / "moto_launcher.py"
REGION = "us-east-1"
NO_RETRIES = Config(retries={"total_max_attempts": 1}, max_pool_connections=32)
STARTUP_SECONDS = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """A moto server subprocess on 127.0.0.1 and boto3 clients for it; on TLS when `ca` is its CA's certificate."""

    def __init__(self, process: subprocess.Popen, port: int, calls: Path | None = None, ca: Path | None = None):
        self.process = process
        self.endpoint = f"{'https' if ca else 'http'}://127.0.0.1:{port}"
        self.calls = calls
        self.verify = str(ca) if ca else None
        self._tls = ssl.create_default_context(cafile=str(ca)) if ca else None

    def client(self, service: str, config: Config = NO_RETRIES, access_key_id: str = "testing") -> Any:
        return boto3.client(
            service,
            region_name=REGION,
            endpoint_url=self.endpoint,
            aws_access_key_id=access_key_id,
            aws_secret_access_key="testing",
            config=config,
            verify=self.verify,
        )

    def urlopen(self, request: urllib.request.Request) -> Any:
        """urllib's urlopen, trusting the server's CA."""
        return urllib.request.urlopen(request, timeout=30, context=self._tls)

    def http(self, method: str, path: str, payload: Any = None) -> tuple[int, dict[str, str], bytes]:
        """A call without the SDK, as the Java tests make to /_fault."""
        data = None if payload is None else json.dumps(payload).encode()
        request = urllib.request.Request(self.endpoint + path, data=data, method=method)
        try:
            with self.urlopen(request) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def tls_connection(self) -> ssl.SSLSocket:
        """A raw TLS connection to the launcher, trusting its CA."""
        port = int(self.endpoint.rsplit(":", 1)[1])
        return self._tls.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=30),
                                     server_hostname="127.0.0.1")

    def stop(self, grace_seconds: float = 10) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=grace_seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def make_tls(folder: Path) -> tuple[Path, Path, Path]:
    """A throwaway CA and a server certificate for 127.0.0.1 signed by it (as LocalTls makes them): CA, cert, key."""
    def openssl(*arguments: str) -> None:
        subprocess.run(["openssl", *arguments], cwd=folder, check=True, capture_output=True)

    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "2",
            "-subj", "/CN=launcher test CA")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "aws.key", "-out", "aws.csr", "-subj", "/CN=127.0.0.1")
    (folder / "san.ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    openssl("x509", "-req", "-in", "aws.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", "aws.crt",
            "-days", "2", "-extfile", "san.ext")
    return folder / "ca.crt", folder / "aws.crt", folder / "aws.key"


def start_launcher(calls: Path) -> Server:
    """Starts the launcher the way the Java tests do (on TLS, recording to `calls`) and waits for its `ready` line."""
    ca, cert, key = make_tls(calls.parent)
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(LAUNCHER), "--host", "127.0.0.1", "--port", str(port), "--record-calls", str(calls),
         "--tls-cert", str(cert), "--tls-key", str(key)],
        stdout=subprocess.PIPE,
        text=True,
    )
    line = process.stdout.readline()
    assert line == f"ready {port}\n", f"launcher said {line!r}, exit code {process.poll()}"
    return Server(process, port, calls, ca)


def start_stock_moto() -> Server:
    """Starts moto's own threaded server and waits until its port accepts connections."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return Server(process, port)
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("stock moto server did not start")


@pytest.fixture(scope="session")
def launcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_launcher(tmp_path_factory.mktemp("launcher") / "calls.jsonl")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def stock() -> Iterator[Server]:
    server = start_stock_moto()
    yield server
    server.stop(grace_seconds=1)  # stock moto waits for its request threads; no need here


def with_stock_failing(reason: str) -> Any:
    """Parametrises a test over the launcher and stock moto, where it must fail."""
    return pytest.mark.parametrize(
        "server_name",
        ["launcher", pytest.param("stock", marks=pytest.mark.xfail(strict=True, reason=reason))],
    )


@pytest.fixture
def server(request: pytest.FixtureRequest, server_name: str) -> Server:
    return request.getfixturevalue(server_name)


@pytest.fixture(autouse=True)
def no_faults_left(launcher: Server) -> Iterator[None]:
    yield
    launcher.http("DELETE", "/_fault")
    launcher.http("DELETE", "/_conflicts")
    launcher.http("DELETE", "/_capacity")
    launcher.http("DELETE", "/_reasons")


# ---- tables, items, streams -------------------------------------------------


def create_table(dynamodb: Any, *, range_key: bool = False, stream: bool = False, provisioned: bool = False) -> str:
    name = f"t-{uuid.uuid4().hex[:12]}"
    keys = [("pk", "HASH")] + ([("sk", "RANGE")] if range_key else [])
    extra = {"StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"}} if stream else {}
    if provisioned:
        extra["ProvisionedThroughput"] = {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}
    dynamodb.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": k, "KeyType": t} for k, t in keys],
        AttributeDefinitions=[{"AttributeName": k, "AttributeType": "S"} for k, _ in keys],
        BillingMode="PROVISIONED" if provisioned else "PAY_PER_REQUEST",
        **extra,
    )
    return name


def seed(dynamodb: Any, table: str, count: int, prefix: str = "seed") -> None:
    """Writes `count` small items, 25 per BatchWriteItem."""
    for start in range(0, count, 25):
        requests = [
            {"PutRequest": {"Item": {"pk": {"S": f"{prefix}-{i}"}, "n": {"N": str(i)}}}}
            for i in range(start, min(start + 25, count))
        ]
        dynamodb.batch_write_item(RequestItems={table: requests})


def scan_all(dynamodb: Any, table: str) -> list[dict[str, Any]]:
    """Every item, sorted by key, following pagination."""
    items, kwargs = [], {"TableName": table}
    while True:
        page = dynamodb.scan(**kwargs)
        items.extend(page["Items"])
        if "LastEvaluatedKey" not in page:
            break
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]
    return sorted(items, key=lambda item: (item["pk"]["S"], item.get("sk", {}).get("S", "")))


def put_new(table: str, pk: str, **attrs: Any) -> dict[str, Any]:
    """A transaction entry that creates an item, failing if it exists (as the receiver's guards do)."""
    return {
        "Put": {
            "TableName": table,
            "Item": {"pk": {"S": pk}, **attrs},
            "ConditionExpression": "attribute_not_exists(pk)",
            "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
        }
    }


def debit(table: str, pk: str, amount: int) -> dict[str, Any]:
    """A transaction entry like the receiver's account Update (DESIGN.md §5)."""
    return {
        "Update": {
            "TableName": table,
            "Key": {"pk": {"S": pk}},
            "UpdateExpression": "SET balance = balance - :amt",
            "ConditionExpression": "attribute_exists(pk) AND balance >= :amt",
            "ExpressionAttributeValues": {":amt": {"N": str(amount)}},
        }
    }


class Stream:
    """The single shard of a table's stream, read through boto3."""

    def __init__(self, server: Server, dynamodb: Any, table: str):
        self.client = server.client("dynamodbstreams")
        self.arn = dynamodb.describe_table(TableName=table)["Table"]["LatestStreamArn"]
        shards = self.client.describe_stream(StreamArn=self.arn)["StreamDescription"]["Shards"]
        self.shard_id = shards[0]["ShardId"]

    def iterator(self, kind: str = "TRIM_HORIZON") -> str:
        return self.client.get_shard_iterator(StreamArn=self.arn, ShardId=self.shard_id, ShardIteratorType=kind)[
            "ShardIterator"
        ]

    def read(self, iterator: str) -> tuple[list[dict[str, Any]], str]:
        """The records from an iterator on, and the iterator to read on with."""
        response = self.client.get_records(ShardIterator=iterator)
        return response["Records"], response["NextShardIterator"]

    def all_records(self) -> list[dict[str, Any]]:
        return self.read(self.iterator())[0]


def cancellation_codes(error: ClientError) -> list[str]:
    return [reason["Code"] for reason in error.response["CancellationReasons"]]


# ---- fix 1: serialisation ---------------------------------------------------

RACERS = 16
RACED_KEYS = 40
RACE_TABLE_ITEMS = 2000


@with_stock_failing("stock moto answers DescribeTimeToLive on a missing table with the code ResourceNotFound")
def test_describe_time_to_live_of_a_missing_table_answers_resource_not_found_exception(server: Server) -> None:
    dynamodb = server.client("dynamodb")
    with pytest.raises(ClientError) as refused:
        dynamodb.describe_time_to_live(TableName=f"missing-{uuid.uuid4().hex[:12]}")
    assert refused.value.response["Error"]["Code"] == "ResourceNotFoundException"


@with_stock_failing("stock moto runs racing transactions unlocked: two winners, or 500s from copying a table in use")
def test_racing_conditional_transactions_on_a_new_key_let_exactly_one_win(server: Server) -> None:
    dynamodb = server.client("dynamodb")
    table = create_table(dynamodb)
    # A large table widens stock moto's window (each transaction deep-copies it): with 300 items the
    # race went unseen on a quiet machine, so the strict xfail of the stock run failed.
    seed(dynamodb, table, RACE_TABLE_ITEMS)  # on stock moto, losers then restore a copy that predates the winner
    clients = [server.client("dynamodb") for _ in range(RACERS)]
    with ThreadPoolExecutor(RACERS) as pool:
        for key in range(RACED_KEYS):
            start = threading.Barrier(RACERS)
            outcomes = list(pool.map(race_once, clients, repeat(start), repeat(table), repeat(f"k-{key}")))
            assert Counter(outcomes) == {"won": 1, "lost": RACERS - 1}, f"racing for key {key}"
    assert len(scan_all(dynamodb, table)) == RACE_TABLE_ITEMS + RACED_KEYS


def race_once(client: Any, start: threading.Barrier, table: str, pk: str) -> str:
    entry = put_new(table, pk, racer={"S": str(threading.get_ident())})
    start.wait()
    try:
        client.transact_write_items(TransactItems=[entry])
        return "won"
    except ClientError as error:
        code = error.response["Error"]["Code"]
        if code == "TransactionCanceledException" and cancellation_codes(error) == ["ConditionalCheckFailed"]:
            return "lost"
        return code


@with_stock_failing("stock moto restores a whole-table copy on cancel, dropping writes made meanwhile")
def test_cancelled_transactions_do_not_lose_writes_acknowledged_meanwhile(server: Server) -> None:
    """A writer puts into one table while transactions over it and a big table are cancelled.

    Stock moto copies the tables in entry order, so writes into the first one
    while it copies the big second one are undone by its restore.
    """
    dynamodb = server.client("dynamodb")
    written, big = create_table(dynamodb), create_table(dynamodb)
    seed(dynamodb, written, 10)
    seed(dynamodb, big, 3000)
    doomed = [
        put_new(written, "seed-0"),
        {
            "ConditionCheck": {
                "TableName": big,
                "Key": {"pk": {"S": "seed-0"}},
                "ConditionExpression": "attribute_exists(pk)",
            }
        },
    ]
    acknowledged: list[str] = []

    def cancel_repeatedly(done: threading.Event) -> None:
        canceller = server.client("dynamodb")
        try:
            for _ in range(40):
                with pytest.raises(ClientError) as cancelled:
                    canceller.transact_write_items(TransactItems=doomed)
                assert cancellation_codes(cancelled.value) == ["ConditionalCheckFailed", "None"]
        finally:
            done.set()

    def write_until(done: threading.Event) -> None:
        writer = server.client("dynamodb")
        while not done.is_set():
            pk = f"w-{len(acknowledged)}"
            writer.put_item(TableName=written, Item={"pk": {"S": pk}})
            acknowledged.append(pk)

    # Up to three rounds of 40 cancellations beside the writer: a loss is a race, which one
    # round on a quiet machine may miss; the first round that shows one ends the test.
    lost: list[str] = []
    for _ in range(3):
        done = threading.Event()
        with ThreadPoolExecutor(2) as pool:
            for future in [pool.submit(cancel_repeatedly, done), pool.submit(write_until, done)]:
                future.result()
        stored = {item["pk"]["S"] for item in scan_all(dynamodb, written)}
        lost = [pk for pk in acknowledged if pk not in stored]
        if lost:
            break
    assert acknowledged and lost == []


def test_sqs_long_poll_lets_other_requests_through_and_wakes_on_send(launcher: Server) -> None:
    """The lock is released while ReceiveMessage waits, else everything would stall behind it."""
    sqs = launcher.client("sqs")
    queue = sqs.create_queue(QueueName=f"q-{uuid.uuid4().hex[:12]}")["QueueUrl"]
    with ThreadPoolExecutor(1) as pool:
        poll = pool.submit(
            launcher.client("sqs").receive_message, QueueUrl=queue, WaitTimeSeconds=15, MaxNumberOfMessages=1
        )
        time.sleep(0.5)  # let the poll start waiting
        launcher.client("dynamodb").list_tables()
        assert not poll.done(), "the DynamoDB call should have been answered while the poll waits"
        sqs.send_message(QueueUrl=queue, MessageBody="wake up")
        messages = poll.result(timeout=30).get("Messages", [])
    assert [message["Body"] for message in messages] == ["wake up"]


# ---- fix 2: item-level undo -------------------------------------------------


@with_stock_failing("stock moto replaces the table on cancel: open iterators read a dead shard")
def test_cancelled_transaction_changes_nothing_and_leaves_no_stream_records(server: Server) -> None:
    dynamodb = server.client("dynamodb")
    payments = create_table(dynamodb, stream=True)
    ledger = create_table(dynamodb, range_key=True, stream=True)
    dynamodb.put_item(TableName=payments, Item={"pk": {"S": "ACCOUNT#a"}, "balance": {"N": "100"}})
    dynamodb.put_item(TableName=payments, Item={"pk": {"S": "PAYMENT#dup"}, "status": {"S": "PROCESSED"}})
    streams = {name: Stream(server, dynamodb, name) for name in (payments, ledger)}
    open_iterators = {name: stream.iterator("LATEST") for name, stream in streams.items()}
    before = {name: scan_all(dynamodb, name) for name in (payments, ledger)}
    records_before = {name: stream.all_records() for name, stream in streams.items()}

    ledger_entry = put_new(ledger, "ACCOUNT#a", sk={"S": "txn-1"})
    ledger_entry["Put"]["ConditionExpression"] = "attribute_not_exists(sk)"
    with pytest.raises(ClientError) as cancelled:
        dynamodb.transact_write_items(
            TransactItems=[
                debit(payments, "ACCOUNT#a", 10),
                put_new(payments, "PAYMENT#new"),
                ledger_entry,
                put_new(payments, "PAYMENT#dup"),
            ]
        )

    assert cancellation_codes(cancelled.value) == ["None", "None", "None", "ConditionalCheckFailed"]
    assert {name: scan_all(dynamodb, name) for name in (payments, ledger)} == before
    assert {name: stream.all_records() for name, stream in streams.items()} == records_before
    dynamodb.put_item(TableName=payments, Item={"pk": {"S": "after"}})
    records, _ = streams[payments].read(open_iterators[payments])
    assert [(r["eventName"], r["dynamodb"]["Keys"]["pk"]["S"]) for r in records] == [("INSERT", "after")]
    assert streams[ledger].read(open_iterators[ledger])[0] == []


def test_cancelled_transaction_restores_deleted_items_and_drops_upserted_ones(launcher: Server) -> None:
    """Delete, and Update of a missing key (which moto streams as INSERT then MODIFY), on a range-key table."""
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb, range_key=True, stream=True)
    dynamodb.put_item(TableName=table, Item={"pk": {"S": "a"}, "sk": {"S": "1"}, "v": {"S": "kept"}})
    stream = Stream(launcher, dynamodb, table)
    iterator = stream.iterator("LATEST")
    before = scan_all(dynamodb, table)
    with pytest.raises(ClientError) as cancelled:
        dynamodb.transact_write_items(
            TransactItems=[
                {"Delete": {"TableName": table, "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}}}},
                {
                    "Update": {
                        "TableName": table,
                        "Key": {"pk": {"S": "a"}, "sk": {"S": "2"}},
                        "UpdateExpression": "SET v = :v",
                        "ExpressionAttributeValues": {":v": {"S": "upserted"}},
                    }
                },
                {
                    "ConditionCheck": {
                        "TableName": table,
                        "Key": {"pk": {"S": "b"}, "sk": {"S": "1"}},
                        "ConditionExpression": "attribute_exists(pk)",
                    }
                },
            ]
        )
    assert cancellation_codes(cancelled.value) == ["None", "None", "ConditionalCheckFailed"]
    assert scan_all(dynamodb, table) == before
    assert stream.read(iterator)[0] == []


def test_rejected_transaction_with_two_entries_on_one_item_changes_nothing(launcher: Server) -> None:
    """moto applies the first entry before it sees the second is on the same item, then raises."""
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb, stream=True)
    stream = Stream(launcher, dynamodb, table)
    with pytest.raises(ClientError) as rejected:
        dynamodb.transact_write_items(TransactItems=[put_new(table, "k"), put_new(table, "other"), put_new(table, "k")])
    assert rejected.value.response["Error"]["Code"] == "ValidationException"
    assert scan_all(dynamodb, table) == []
    assert stream.all_records() == []


def test_successful_transaction_writes_every_item_and_one_stream_record_each(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    payments = create_table(dynamodb, stream=True)
    dynamodb.put_item(TableName=payments, Item={"pk": {"S": "ACCOUNT#a"}, "balance": {"N": "100"}})
    dynamodb.put_item(TableName=payments, Item={"pk": {"S": "old"}})
    stream = Stream(launcher, dynamodb, payments)
    iterator = stream.iterator("LATEST")

    dynamodb.transact_write_items(
        TransactItems=[
            put_new(payments, "PAYMENT#t1", status={"S": "PROCESSED"}),
            debit(payments, "ACCOUNT#a", 30),
            {"Delete": {"TableName": payments, "Key": {"pk": {"S": "old"}}}},
        ]
    )

    assert scan_all(dynamodb, payments) == [
        {"pk": {"S": "ACCOUNT#a"}, "balance": {"N": "70"}},
        {"pk": {"S": "PAYMENT#t1"}, "status": {"S": "PROCESSED"}},
    ]
    records, _ = stream.read(iterator)
    assert [(r["eventName"], r["dynamodb"]["Keys"]["pk"]["S"], r["dynamodb"].get("NewImage")) for r in records] == [
        ("INSERT", "PAYMENT#t1", {"pk": {"S": "PAYMENT#t1"}, "status": {"S": "PROCESSED"}}),
        ("MODIFY", "ACCOUNT#a", {"pk": {"S": "ACCOUNT#a"}, "balance": {"N": "70"}}),
        ("REMOVE", "old", None),
    ]


TIMED_TRANSACTIONS = {"launcher": 20, "stock": 3}  # stock moto takes ~1 s per transaction on 10 000 items


@pytest.mark.parametrize("server_name", ["launcher", "stock"])
def test_transaction_time_does_not_grow_with_table_size(server: Server, server_name: str, capsys: Any) -> None:
    """Prints median transaction times on a small and a large streamed table; asserts no timing."""
    dynamodb = server.client("dynamodb")
    runs = TIMED_TRANSACTIONS[server_name]
    figures = {}
    for size in (10, 10_000):
        table = create_table(dynamodb, stream=True)
        seed(dynamodb, table, size)
        figures[f"{size} items"] = median_ms(runs, commit, dynamodb, table)
        figures[f"{size} items, cancelled"] = median_ms(runs, cancel, dynamodb, table)
    with capsys.disabled():
        print(
            f"\n[{server_name}] TransactWriteItems on a table with a stream, median of {runs}: "
            + ", ".join(f"{label} {ms:.1f} ms" for label, ms in figures.items())
        )


def bump_seed_item(table: str) -> dict[str, Any]:
    return {
        "Update": {
            "TableName": table,
            "Key": {"pk": {"S": "seed-1"}},
            "UpdateExpression": "SET n = n + :one",
            "ExpressionAttributeValues": {":one": {"N": "1"}},
        }
    }


def commit(dynamodb: Any, table: str) -> None:
    dynamodb.transact_write_items(TransactItems=[bump_seed_item(table)])


def cancel(dynamodb: Any, table: str) -> None:
    with pytest.raises(ClientError):
        dynamodb.transact_write_items(TransactItems=[bump_seed_item(table), put_new(table, "seed-0")])


def median_ms(runs: int, action: Callable[[Any, str], None], dynamodb: Any, table: str) -> float:
    durations = []
    for _ in range(runs):
        started = time.perf_counter()
        action(dynamodb, table)
        durations.append((time.perf_counter() - started) * 1000)
    return statistics.median(durations)


# ---- fix 3: fault injection -------------------------------------------------


def test_fault_fails_the_next_n_matching_requests_only(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb)
    status, _, _ = launcher.http(
        "POST",
        "/_fault",
        {
            "operation": "TransactWriteItems",
            "match": "PAYMENT#faulty",
            "status": 400,
            "code": "ThrottlingException",
            "count": 3,
        },
    )
    assert status == 200

    for _ in range(3):
        with pytest.raises(ClientError) as throttled:
            dynamodb.transact_write_items(TransactItems=[put_new(table, "PAYMENT#faulty")])
        assert throttled.value.response["Error"]["Code"] == "ThrottlingException"
        assert throttled.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400
        dynamodb.transact_write_items(TransactItems=[put_new(table, f"PAYMENT#{uuid.uuid4().hex}")])
        dynamodb.put_item(TableName=table, Item={"pk": {"S": "PAYMENT#faulty-other-op"}})
        assert "Item" not in dynamodb.get_item(TableName=table, Key={"pk": {"S": "PAYMENT#faulty"}})

    dynamodb.transact_write_items(TransactItems=[put_new(table, "PAYMENT#faulty")])
    assert "Item" in dynamodb.get_item(TableName=table, Key={"pk": {"S": "PAYMENT#faulty"}})
    assert json.loads(launcher.http("GET", "/_fault")[2]) == {"faults": []}


def test_fault_answers_in_dynamodb_json_error_shape(launcher: Server) -> None:
    launcher.http("POST", "/_fault", {"operation": "ListTables", "status": 500, "code": "InternalServerError"})
    request = urllib.request.Request(
        launcher.endpoint + "/",
        data=b"{}",
        method="POST",
        headers={"X-Amz-Target": "DynamoDB_20120810.ListTables", "Content-Type": "application/x-amz-json-1.0"},
    )
    with pytest.raises(urllib.error.HTTPError) as failed:
        launcher.urlopen(request)
    assert failed.value.code == 500
    assert failed.value.headers["Content-Type"] == "application/x-amz-json-1.0"
    body = json.loads(failed.value.read())
    assert body["__type"] == "com.amazonaws.dynamodb.v20120810#InternalServerError"
    assert isinstance(body["message"], str)
    assert launcher.client("dynamodb").list_tables()["ResponseMetadata"]["HTTPStatusCode"] == 200


def test_sdk_retries_an_injected_throttle(launcher: Server) -> None:
    retrying = launcher.client("dynamodb", Config(retries={"mode": "standard", "total_max_attempts": 3}))
    table = create_table(retrying)
    launcher.http("POST", "/_fault", {"operation": "TransactWriteItems", "code": "ThrottlingException", "count": 2})
    response = retrying.transact_write_items(TransactItems=[put_new(table, "p")])
    assert response["ResponseMetadata"]["RetryAttempts"] == 2
    assert "Item" in retrying.get_item(TableName=table, Key={"pk": {"S": "p"}})


def test_fault_admin_lists_clears_and_rejects_bad_rules(launcher: Server) -> None:
    launcher.http("POST", "/_fault", {"operation": "GetItem", "count": 5})
    launcher.http(
        "POST", "/_fault", {"operation": "PutItem", "match": "x", "status": 500, "code": "InternalServerError"}
    )
    status, headers, body = launcher.http("GET", "/_fault")
    assert status == 200 and headers["Content-Type"] == "application/json"
    assert [(f["operation"], f["count"], f["code"]) for f in json.loads(body)["faults"]] == [
        ("GetItem", 5, "ThrottlingException"),
        ("PutItem", 1, "InternalServerError"),
    ]
    assert json.loads(launcher.http("DELETE", "/_fault")[2]) == {"cleared": 2}
    assert json.loads(launcher.http("GET", "/_fault")[2]) == {"faults": []}
    for bad in [
        {"count": 1},
        {"operation": "GetItem", "count": 0},
        {"operation": "GetItem", "status": 200},
        {"operation": "GetItem", "typo": 1},
        [],
    ]:
        assert launcher.http("POST", "/_fault", bad)[0] == 400, bad


# ---- fix 10: a passing reason beside the transaction's own --------------------------
# One reason per action, in order ("CancellationReason", Amazon DynamoDB API Reference,
# https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CancellationReason.html).


def test_reason_stands_beside_a_real_condition_failure_in_place_of_the_guard_and_writes_nothing(
        launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    accounts, ledger = create_table(dynamodb), create_table(dynamodb)
    dynamodb.put_item(TableName=accounts, Item={"pk": {"S": "ACC-1"}, "balance": {"N": "5"}})
    dynamodb.put_item(TableName=ledger, Item={"pk": {"S": "TXN-1"}})
    # GIVEN the ledger's actions naming TXN-1 throttled once
    assert launcher.http("POST", "/_reasons", {"table": ledger, "match": "TXN-1"})[0] == 200
    entries = [put_new(accounts, "REC-1"), debit(accounts, "ACC-1", 10), put_new(ledger, "TXN-1")]
    # WHEN a transaction debits more than the account holds and puts a ledger entry that exists
    with pytest.raises(ClientError) as cancelled:
        dynamodb.transact_write_items(TransactItems=entries)
    # THEN the account's condition failure stands, with its item, beside the ledger's throttling
    # in place of the ledger's own condition failure
    assert cancellation_codes(cancelled.value) == ["None", "ConditionalCheckFailed", "ThrottlingError"]
    reasons = cancelled.value.response["CancellationReasons"]
    assert reasons[2]["Message"].startswith("Throughput exceeds the current capacity")
    # AND nothing was written
    assert [item["pk"]["S"] for item in scan_all(dynamodb, accounts)] == ["ACC-1"]
    # AND the rule is used up: the same transaction again has the ledger speak for itself
    with pytest.raises(ClientError) as again:
        dynamodb.transact_write_items(TransactItems=entries)
    assert cancellation_codes(again.value) == ["None", "ConditionalCheckFailed", "ConditionalCheckFailed"]
    assert json.loads(launcher.http("GET", "/_reasons")[2]) == {"reasons": []}


def test_reason_cancels_a_transaction_that_would_commit_and_leaves_no_stream_record(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb, stream=True)
    stream = Stream(launcher, dynamodb, table)
    launcher.http("POST", "/_reasons", {"table": table, "match": "item-b", "reason": "TransactionConflict"})
    with pytest.raises(ClientError) as cancelled:
        dynamodb.transact_write_items(TransactItems=[put_new(table, "item-a"), put_new(table, "item-b")])
    assert cancellation_codes(cancelled.value) == ["None", "TransactionConflict"]
    assert scan_all(dynamodb, table) == []
    assert stream.all_records() == []


def test_reason_admin_lists_clears_and_rejects_bad_rules(launcher: Server) -> None:
    launcher.http("POST", "/_reasons", {"table": "t", "count": 2})
    assert json.loads(launcher.http("GET", "/_reasons")[2]) == {
        "reasons": [{"table": "t", "reason": "ThrottlingError", "count": 2, "match": None}]}
    assert json.loads(launcher.http("DELETE", "/_reasons")[2]) == {"cleared": 1}
    for bad in [{}, {"table": "t", "reason": "ConditionalCheckFailed"}, {"table": "t", "count": 0},
                {"table": "t", "typo": 1}, []]:
        assert launcher.http("POST", "/_reasons", bad)[0] == 400, bad


# ---- fix 4: transaction conflicts ----------------------------------------------
# DynamoDB cancels a transaction that touches an item another in-flight transaction holds, and
# refuses a single-item write on it ("Transaction conflict handling in DynamoDB",
# https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-conflict-handling).

# Long enough for three single writes to meet the held item on a machine at load 12 (600 ms was not).
HOLD_MS = 1500


def hold_in_background(dynamodb: Any, entries: list[dict[str, Any]]) -> tuple[threading.Thread, threading.Event]:
    """Runs a transaction on a thread; the event is set once the launcher has run it (its answer still held back)."""
    done = threading.Event()

    def run() -> None:
        dynamodb.transact_write_items(TransactItems=entries)
        done.set()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, done


def wait_until_held(dynamodb: Any, table: str, pk: str, attribute: str) -> None:
    """Until the holding transaction's write is visible (it ran; its items are held for HOLD_MS)."""
    deadline = time.monotonic() + HOLD_MS / 1000
    while time.monotonic() < deadline:
        if attribute in dynamodb.get_item(TableName=table, Key={"pk": {"S": pk}}).get("Item", {}):
            return
        time.sleep(0.01)
    raise AssertionError("the holding transaction never ran")


def test_conflict_mode_cancels_a_transaction_on_a_held_item_and_writes_nothing(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb)
    dynamodb.put_item(TableName=table, Item={"pk": {"S": "acc"}, "balance": {"N": "100"}})
    assert launcher.http("POST", "/_conflicts", {"hold_ms": HOLD_MS})[0] == 200
    holder, done = hold_in_background(dynamodb, [put_new(table, "first", marker={"S": "1"}), debit(table, "acc", 10)])
    wait_until_held(dynamodb, table, "first", "marker")
    assert not done.is_set()

    with pytest.raises(ClientError) as cancelled:
        dynamodb.transact_write_items(TransactItems=[put_new(table, "second"), debit(table, "acc", 10)])
    assert cancelled.value.response["Error"]["Code"] == "TransactionCanceledException"
    assert cancellation_codes(cancelled.value) == ["None", "TransactionConflict"]
    assert "Item" not in dynamodb.get_item(TableName=table, Key={"pk": {"S": "second"}})

    holder.join()
    dynamodb.transact_write_items(TransactItems=[put_new(table, "second"), debit(table, "acc", 10)])
    assert dynamodb.get_item(TableName=table, Key={"pk": {"S": "acc"}})["Item"]["balance"] == {"N": "80"}
    assert json.loads(launcher.http("GET", "/_conflicts")[2]) == {"enabled": True, "hold_ms": HOLD_MS, "conflicts": 1}


def test_conflict_mode_lets_transactions_on_other_items_commit_meanwhile(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb)
    launcher.http("POST", "/_conflicts", {"hold_ms": HOLD_MS})
    holder, done = hold_in_background(dynamodb, [put_new(table, "a", marker={"S": "1"})])
    wait_until_held(dynamodb, table, "a", "marker")
    other, _ = hold_in_background(dynamodb, [put_new(table, "b", marker={"S": "1"})])
    wait_until_held(dynamodb, table, "b", "marker")
    assert not done.is_set(), "the other transaction waited for the held one"
    holder.join()
    other.join()
    assert [item["pk"]["S"] for item in scan_all(dynamodb, table)] == ["a", "b"]
    assert json.loads(launcher.http("DELETE", "/_conflicts")[2]) == {"conflicts": 0}


def test_conflict_mode_refuses_a_single_write_on_a_held_item(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb)
    launcher.http("POST", "/_conflicts", {"hold_ms": HOLD_MS})
    holder, _ = hold_in_background(dynamodb, [put_new(table, "held", marker={"S": "1"})])
    wait_until_held(dynamodb, table, "held", "marker")
    for write in [
        lambda: dynamodb.put_item(TableName=table, Item={"pk": {"S": "held"}, "x": {"S": "y"}}),
        lambda: dynamodb.update_item(TableName=table, Key={"pk": {"S": "held"}}, UpdateExpression="SET x = :y",
                                     ExpressionAttributeValues={":y": {"S": "y"}}),
        lambda: dynamodb.delete_item(TableName=table, Key={"pk": {"S": "held"}}),
    ]:
        with pytest.raises(ClientError) as refused:
            write()
        assert refused.value.response["Error"]["Code"] == "TransactionConflictException"
        assert refused.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400
    dynamodb.put_item(TableName=table, Item={"pk": {"S": "free"}})
    holder.join()
    assert "x" not in dynamodb.get_item(TableName=table, Key={"pk": {"S": "held"}})["Item"]
    assert json.loads(launcher.http("DELETE", "/_conflicts")[2]) == {"conflicts": 3}


def test_conflict_mode_off_holds_nothing_and_rejects_bad_settings(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb)
    assert json.loads(launcher.http("GET", "/_conflicts")[2]) == {"enabled": False, "hold_ms": None, "conflicts": 0}
    started = time.monotonic()
    dynamodb.transact_write_items(TransactItems=[put_new(table, "quick")])
    assert time.monotonic() - started < HOLD_MS / 1000
    for bad in [{}, {"hold_ms": 0}, {"hold_ms": 10_001}, {"hold_ms": "5"}, {"hold_ms": 5, "typo": 1}, []]:
        status, _, body = launcher.http("POST", "/_conflicts", bad)
        assert status == 400 and "hold_ms" in json.loads(body)["error"], bad
    assert launcher.http("PUT", "/_conflicts", {"hold_ms": 5})[0] == 405


# ---- fix 7: write capacity -----------------------------------------------------
# DynamoDB refuses writes beyond a table's or a partition's capacity, which refills as time
# passes: a single write with ThrottlingException (on-demand) or
# ProvisionedThroughputExceededException (provisioned), a transaction with
# TransactionCanceledException and reason ThrottlingError / ProvisionedThroughputExceeded at its
# throttled items ("TransactWriteItems", Errors, Amazon DynamoDB API Reference,
# https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html).


def capacity(launcher: Server, units_per_second: float, burst_seconds: float = 1) -> None:
    status, _, body = launcher.http("POST", "/_capacity",
                                    {"write_units_per_second": units_per_second, "burst_seconds": burst_seconds})
    assert status == 200, body


def small_put(table: str, pk: str) -> dict[str, Any]:
    return {"Put": {"TableName": table, "Item": {"pk": {"S": pk}}}}


def test_capacity_refuses_a_single_write_beyond_the_bucket_as_dynamodb_does_on_demand(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb)
    # GIVEN 5 write units a second, one second of burst: five small puts' worth
    capacity(launcher, 5)
    for i in range(5):
        dynamodb.put_item(TableName=table, Item={"pk": {"S": f"p{i}"}})
    # WHEN a sixth comes within the same second
    with pytest.raises(ClientError) as throttled:
        dynamodb.put_item(TableName=table, Item={"pk": {"S": "p5"}})
    # THEN it is refused as DynamoDB refuses it on an on-demand table, and writes nothing
    error = throttled.value.response
    assert error["Error"]["Code"] == "ThrottlingException"
    assert error["ResponseMetadata"]["HTTPStatusCode"] == 400
    assert error["Error"]["Message"].startswith("Throughput exceeds the current capacity of your table or index")
    assert error["throttlingReasons"][0]["reason"] == "TableWriteMaxOnDemandThroughputExceeded"
    assert error["throttlingReasons"][0]["resource"].endswith(f":table/{table}")
    assert "Item" not in dynamodb.get_item(TableName=table, Key={"pk": {"S": "p5"}})
    # AND the bucket refills continuously: a unit is back within a fifth of a second
    time.sleep(0.25)
    dynamodb.put_item(TableName=table, Item={"pk": {"S": "p5"}})
    assert json.loads(launcher.http("GET", "/_capacity")[2]) == {
        "enabled": True, "write_units_per_second": 5.0, "burst_seconds": 1.0, "throttled": 1}


def test_capacity_refuses_updates_and_deletes_too_and_provisioned_tables_say_so(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb, provisioned=True)
    dynamodb.put_item(TableName=table, Item={"pk": {"S": "acc"}, "balance": {"N": "100"}})
    capacity(launcher, 2)
    dynamodb.update_item(TableName=table, Key={"pk": {"S": "acc"}}, UpdateExpression="SET balance = :b",
                         ExpressionAttributeValues={":b": {"N": "90"}})
    dynamodb.delete_item(TableName=table, Key={"pk": {"S": "gone"}})
    for write in [
        lambda: dynamodb.update_item(TableName=table, Key={"pk": {"S": "acc"}}, UpdateExpression="SET balance = :b",
                                     ExpressionAttributeValues={":b": {"N": "80"}}),
        lambda: dynamodb.delete_item(TableName=table, Key={"pk": {"S": "acc"}}),
    ]:
        with pytest.raises(ClientError) as throttled:
            write()
        assert throttled.value.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
        assert throttled.value.response["ThrottlingReasons"][0]["reason"] == "TableWriteProvisionedThroughputExceeded"
    assert dynamodb.get_item(TableName=table, Key={"pk": {"S": "acc"}})["Item"]["balance"] == {"N": "90"}


def test_capacity_cancels_a_transaction_at_its_throttled_items_only_and_writes_nothing(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    busy, quiet = create_table(dynamodb), create_table(dynamodb)
    # GIVEN 4 units a second per table: two transactional writes' worth (2 units each)
    capacity(launcher, 4)
    dynamodb.transact_write_items(TransactItems=[small_put(busy, "a"), small_put(busy, "b"), small_put(quiet, "a")])
    # WHEN a transaction writes again to the table whose bucket it emptied, and to the other
    with pytest.raises(ClientError) as cancelled:
        dynamodb.transact_write_items(TransactItems=[small_put(quiet, "c"), small_put(busy, "c"),
                                                     small_put(busy, "d")])
    # THEN it is cancelled with ThrottlingError at the busy table's items, None at the other's
    assert cancelled.value.response["Error"]["Code"] == "TransactionCanceledException"
    assert cancellation_codes(cancelled.value) == ["None", "ThrottlingError", "ThrottlingError"]
    reasons = cancelled.value.response["CancellationReasons"]
    assert reasons[1]["Message"].startswith("Throughput exceeds the current capacity")
    # AND nothing of it was written, nor taken from the quiet table's bucket
    assert [item["pk"]["S"] for item in scan_all(dynamodb, quiet)] == ["a"]
    assert [item["pk"]["S"] for item in scan_all(dynamodb, busy)] == ["a", "b"]
    dynamodb.transact_write_items(TransactItems=[small_put(quiet, "c")])
    assert json.loads(launcher.http("DELETE", "/_capacity")[2]) == {"throttled": 1}


def test_capacity_names_provisioned_throughput_in_a_transaction_on_a_provisioned_table(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb, provisioned=True)
    capacity(launcher, 2)
    dynamodb.transact_write_items(TransactItems=[small_put(table, "a")])
    with pytest.raises(ClientError) as cancelled:
        dynamodb.transact_write_items(TransactItems=[small_put(table, "b")])
    assert cancellation_codes(cancelled.value) == ["ProvisionedThroughputExceeded"]


def test_capacity_counts_write_units_by_item_size_and_doubles_them_in_transactions(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb)
    capacity(launcher, 5)
    # a 2.5 KB item costs 3 units; the bucket keeps 2, less than a second one costs
    big = {"pk": {"S": "big-1"}, "blob": {"S": "x" * 2500}}
    dynamodb.put_item(TableName=table, Item=big)
    with pytest.raises(ClientError):
        dynamodb.put_item(TableName=table, Item={**big, "pk": {"S": "big-2"}})
    # two units left: one small put in a transaction (2 units), then nothing
    dynamodb.transact_write_items(TransactItems=[small_put(table, "small-1")])
    with pytest.raises(ClientError):
        dynamodb.transact_write_items(TransactItems=[small_put(table, "small-2")])


def test_capacity_admits_about_its_rate_over_time(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb)
    # 10 units a second: well under what this client sends even on a loaded machine (about 35 puts
    # a second at load 12; at 40 a second the client, not the bucket, set the count)
    rate = 10
    capacity(launcher, rate)
    admitted = refused = 0
    started = time.monotonic()
    while time.monotonic() - started < 1.5:
        try:
            dynamodb.put_item(TableName=table, Item={"pk": {"S": uuid.uuid4().hex}})
            admitted += 1
        except ClientError:
            refused += 1
    elapsed = time.monotonic() - started
    # the full bucket (one second's worth), then the rate
    assert refused > 0
    assert rate * (1 + elapsed) - rate / 4 <= admitted <= rate * (1 + elapsed) + 2, (admitted, elapsed)


def test_capacity_leaves_reads_batches_and_condition_checks_alone(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb)
    dynamodb.put_item(TableName=table, Item={"pk": {"S": "seen"}})
    capacity(launcher, 1)
    seed(dynamodb, table, 30)
    for _ in range(5):
        dynamodb.get_item(TableName=table, Key={"pk": {"S": "seen"}})
        dynamodb.transact_write_items(TransactItems=[{"ConditionCheck": {
            "TableName": table, "Key": {"pk": {"S": "seen"}}, "ConditionExpression": "attribute_exists(pk)"}}])
    assert len(scan_all(dynamodb, table)) == 31
    assert json.loads(launcher.http("GET", "/_capacity")[2])["throttled"] == 0


def test_capacity_off_by_default_and_admin_rejects_bad_settings(launcher: Server) -> None:
    assert json.loads(launcher.http("GET", "/_capacity")[2]) == {
        "enabled": False, "write_units_per_second": None, "burst_seconds": None, "throttled": 0}
    dynamodb = launcher.client("dynamodb")
    table = create_table(dynamodb)
    for i in range(20):
        dynamodb.put_item(TableName=table, Item={"pk": {"S": f"p{i}"}})
    for bad in [{}, {"write_units_per_second": 0}, {"write_units_per_second": "5"}, {"write_units_per_second": True},
                {"write_units_per_second": 5, "burst_seconds": 0}, {"write_units_per_second": 5, "burst_seconds": 301},
                {"write_units_per_second": 0.5, "burst_seconds": 1}, {"write_units_per_second": 5, "typo": 1}, []]:
        status, _, body = launcher.http("POST", "/_capacity", bad)
        assert status == 400 and "error" in json.loads(body), bad
    assert launcher.http("PUT", "/_capacity", {"write_units_per_second": 5})[0] == 405


# ---- fixes 5 and 6: SQS requests whose cost does not grow with the queue ------
# Each runs on the launcher and on stock moto, and must pass on both: the
# patches change what a request costs, never what it answers.

both_servers = pytest.mark.parametrize("server_name", ["launcher", "stock"])


def create_queue(sqs: Any, *, fifo: bool = False, **attributes: str) -> str:
    name = f"q-{uuid.uuid4().hex[:12]}" + (".fifo" if fifo else "")
    extra = {"FifoQueue": "true", "ContentBasedDeduplication": "true"} if fifo else {}
    return sqs.create_queue(QueueName=name, Attributes={**extra, **attributes})["QueueUrl"]


def send_bodies(sqs: Any, queue: str, bodies: Iterable[str], **extra: Any) -> None:
    bodies = list(bodies)
    for start in range(0, len(bodies), 10):
        entries = [{"Id": f"m{i}", "MessageBody": body, **extra} for i, body in enumerate(bodies[start : start + 10])]
        assert not sqs.send_message_batch(QueueUrl=queue, Entries=entries).get("Failed")


def receive(sqs: Any, queue: str, count: int = 10, visibility: int = 30) -> list[dict[str, Any]]:
    return sqs.receive_message(QueueUrl=queue, MaxNumberOfMessages=count, VisibilityTimeout=visibility).get("Messages", [])


def counts(sqs: Any, queue: str) -> tuple[int, int, int]:
    """(visible, in flight, delayed), as GetQueueAttributes reports them."""
    names = ["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed"]
    attributes = sqs.get_queue_attributes(QueueUrl=queue, AttributeNames=names)["Attributes"]
    return tuple(int(attributes[name]) for name in names)


@both_servers
def test_queue_attributes_answer_as_before(server: Server) -> None:
    sqs = server.client("sqs")
    dlq = create_queue(sqs)
    dlq_arn = sqs.get_queue_attributes(QueueUrl=dlq, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    redrive = json.dumps({"deadLetterTargetArn": dlq_arn, "maxReceiveCount": 3})
    queue = create_queue(sqs, VisibilityTimeout="45", RedrivePolicy=redrive)
    send_bodies(sqs, queue, ["a", "b", "c"])
    sqs.send_message(QueueUrl=queue, MessageBody="later", DelaySeconds=60)
    assert len(receive(sqs, queue, count=1)) == 1

    every = sqs.get_queue_attributes(QueueUrl=queue, AttributeNames=["All"])["Attributes"]
    assert (every["ApproximateNumberOfMessages"], every["ApproximateNumberOfMessagesNotVisible"]) == ("2", "1")
    assert (every["ApproximateNumberOfMessagesDelayed"], every["VisibilityTimeout"]) == ("1", "45")
    assert json.loads(every["RedrivePolicy"]) == {"deadLetterTargetArn": dlq_arn, "maxReceiveCount": 3}
    assert every["SqsManagedSseEnabled"] == "true" and "FifoQueue" not in every
    named = sqs.get_queue_attributes(QueueUrl=queue, AttributeNames=["VisibilityTimeout", "ApproximateNumberOfMessages"])
    assert named["Attributes"] == {"VisibilityTimeout": "45", "ApproximateNumberOfMessages": "2"}
    fifo = create_queue(sqs, fifo=True)
    fifo_attributes = sqs.get_queue_attributes(QueueUrl=fifo, AttributeNames=["All"])["Attributes"]
    assert (fifo_attributes["FifoQueue"], fifo_attributes["ContentBasedDeduplication"]) == ("true", "true")


@both_servers
def test_receive_takes_visible_messages_front_first_and_skips_those_in_flight(server: Server) -> None:
    sqs = server.client("sqs")
    queue = create_queue(sqs)
    send_bodies(sqs, queue, [f"m{i:02d}" for i in range(25)])
    first = receive(sqs, queue)
    second = receive(sqs, queue)
    assert [m["Body"] for m in first + second] == [f"m{i:02d}" for i in range(20)]
    sqs.change_message_visibility(QueueUrl=queue, ReceiptHandle=first[3]["ReceiptHandle"], VisibilityTimeout=0)
    again = receive(sqs, queue, count=2)
    assert [m["Body"] for m in again] == ["m03", "m20"]
    assert counts(sqs, queue) == (4, 21, 0)


@both_servers
def test_delete_accepts_any_handle_the_message_had_once_and_refuses_unknown_ones(server: Server) -> None:
    sqs = server.client("sqs")
    queue = create_queue(sqs)
    send_bodies(sqs, queue, ["keep", "gone"])
    first = {m["Body"]: m["ReceiptHandle"] for m in receive(sqs, queue, visibility=0)}
    second = {m["Body"]: m["ReceiptHandle"] for m in receive(sqs, queue, visibility=30)}
    assert first.keys() == second.keys() == {"keep", "gone"} and first["gone"] != second["gone"]
    sqs.delete_message(QueueUrl=queue, ReceiptHandle=first["gone"])  # an older handle of the message
    sqs.delete_message(QueueUrl=queue, ReceiptHandle=second["gone"])  # deleted already: accepted
    with pytest.raises(ClientError) as refused:
        sqs.delete_message(QueueUrl=queue, ReceiptHandle="not-a-handle-" + uuid.uuid4().hex)
    assert refused.value.response["Error"]["Code"] in ("ReceiptHandleIsInvalid", "AWS.SimpleQueueService.ReceiptHandleIsInvalid")
    sqs.change_message_visibility(QueueUrl=queue, ReceiptHandle=second["keep"], VisibilityTimeout=0)
    assert [m["Body"] for m in receive(sqs, queue)] == ["keep"]
    assert counts(sqs, queue) == (0, 1, 0)


@both_servers
def test_redrive_and_fifo_deduplication_work_as_before(server: Server) -> None:
    sqs = server.client("sqs")
    dlq = create_queue(sqs)
    dlq_arn = sqs.get_queue_attributes(QueueUrl=dlq, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    queue = create_queue(sqs, RedrivePolicy=json.dumps({"deadLetterTargetArn": dlq_arn, "maxReceiveCount": 2}))
    send_bodies(sqs, queue, ["poison"])
    for _ in range(2):
        assert [m["Body"] for m in receive(sqs, queue, visibility=0)] == ["poison"]
    assert receive(sqs, queue, visibility=0) == []
    assert [m["Body"] for m in receive(sqs, dlq)] == ["poison"]
    fifo = create_queue(sqs, fifo=True)
    send_bodies(sqs, fifo, ["same", "same", "other"], MessageGroupId="g")
    assert [m["Body"] for m in receive(sqs, fifo)] == ["same", "other"]


# (runs, messages waiting): stock moto takes ~0.3 s per receive with 500 waiting, so it gets fewer
TIMED_SQS_REQUESTS = {"launcher": (30, 5_000), "stock": (3, 200)}


@both_servers
def test_sqs_request_time_does_not_grow_with_queue_size(server: Server, server_name: str, capsys: Any) -> None:
    """Prints median SendMessageBatch, ReceiveMessage and DeleteMessageBatch times; asserts no timing."""
    sqs = server.client("sqs")
    runs, large = TIMED_SQS_REQUESTS[server_name]
    figures = {}
    for size in (10, large):
        queue = create_queue(sqs)
        send_bodies(sqs, queue, (f"seed-{i}" for i in range(size)))
        received: list[list[dict[str, Any]]] = []
        figures[f"send at {size}"] = median_ms(runs, lambda *_: send_bodies(sqs, queue, ["x"] * 10), None, "")
        figures[f"receive at {size}"] = median_ms(runs, lambda *_: received.append(receive(sqs, queue)), None, "")
        figures[f"delete at {size}"] = median_ms(
            runs,
            lambda *_: sqs.delete_message_batch(
                QueueUrl=queue, Entries=[{"Id": f"d{i}", "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(received.pop())]
            ),
            None,
            "",
        )
        assert received == [] and counts(sqs, queue)[1] == 0
    with capsys.disabled():
        print(
            f"\n[{server_name}] SQS requests of 10 messages, median of {runs}: "
            + ", ".join(f"{label} {ms:.1f} ms" for label, ms in figures.items())
        )


# ---- recording the calls of local Lambda functions ------------------------------
# Each test signs as a function of its own (a fresh logical id), so that it reads
# only its own lines of the session launcher's file.

FUNCTION_KEY_PREFIX = "lambda-"
PHASE_HEADER = "x-local-lambda-phase"


def new_function() -> str:
    return f"RecorderTest{uuid.uuid4().hex[:8]}Function"


def function_client(server: Server, service: str, function: str, phase: str | None = None) -> Any:
    """A boto3 client signing as the local function `function`, saying `phase` as its SDK clients do."""
    client = server.client(service, access_key_id=FUNCTION_KEY_PREFIX + function)
    if phase is not None:
        client.meta.events.register("before-sign", lambda request, **_: request.headers.__setitem__(PHASE_HEADER, phase))
    return client


def recorded(server: Server, function: str) -> list[dict[str, Any]]:
    """The lines recorded for `function`, in order; each line must be a JSON object on its own."""
    assert server.calls is not None
    lines = [json.loads(line) for line in server.calls.read_text().splitlines()]
    return [line for line in lines if line["function"] == function]


def call(function: str, phase: str, service: str, operation: str | None, *resources: dict[str, str]) -> dict[str, Any]:
    """A line as the recorder writes it."""
    return {
        "function": function,
        "accessKeyId": FUNCTION_KEY_PREFIX + function,
        "phase": phase,
        "service": service,
        "operation": operation,
        "resources": list(resources),
    }


def table(name: str, part: str | None = None) -> dict[str, str]:
    return {"kind": "table", "name": name} if part is None else {"kind": "table", "name": name, "part": part}


def test_recorder_writes_a_functions_call_with_its_phase_service_operation_and_table(launcher: Server) -> None:
    name = create_table(launcher.client("dynamodb"))
    function = new_function()
    dynamodb = function_client(launcher, "dynamodb", function, phase="init")
    dynamodb.describe_table(TableName=name)
    dynamodb.put_item(TableName=name, Item={"pk": {"S": "a"}})
    assert recorded(launcher, function) == [
        call(function, "init", "dynamodb", "DescribeTable", table(name)),
        call(function, "init", "dynamodb", "PutItem", table(name)),
    ]


def test_recorder_ignores_requests_signed_with_another_key(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    name = create_table(dynamodb)
    dynamodb.put_item(TableName=name, Item={"pk": {"S": "a"}})
    assert name not in launcher.calls.read_text()


def test_recorder_writes_an_operators_command_as_the_function_operator(launcher: Server) -> None:
    sqs = launcher.client("sqs")
    queue = sqs.create_queue(QueueName=f"RecorderTest{uuid.uuid4().hex[:8]}Queue")["QueueUrl"]
    key = f"operator-replay-{uuid.uuid4().hex[:8]}"
    launcher.client("sqs", access_key_id=key).receive_message(QueueUrl=queue, WaitTimeSeconds=0)
    lines = [json.loads(line) for line in launcher.calls.read_text().splitlines()]
    assert [line for line in lines if line["accessKeyId"] == key] == [{
        "function": "operator",
        "accessKeyId": key,
        "phase": "unknown",
        "service": "sqs",
        "operation": "ReceiveMessage",
        "resources": [{"kind": "queue", "name": queue.rsplit("/", 1)[1]}],
    }]


def test_recorder_lists_each_transaction_item_with_its_part(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    records, accounts = create_table(dynamodb), create_table(dynamodb)
    dynamodb.put_item(TableName=accounts, Item={"pk": {"S": "acc"}, "balance": {"N": "100"}})
    dynamodb.put_item(TableName=accounts, Item={"pk": {"S": "old"}})
    function = new_function()
    function_client(launcher, "dynamodb", function, phase="invoke").transact_write_items(
        TransactItems=[
            put_new(records, "txn"),
            debit(accounts, "acc", 10),
            {"ConditionCheck": {"TableName": records, "Key": {"pk": {"S": "other"}},
                                "ConditionExpression": "attribute_not_exists(pk)"}},
            {"Delete": {"TableName": accounts, "Key": {"pk": {"S": "old"}}}},
        ]
    )
    assert recorded(launcher, function) == [
        call(function, "invoke", "dynamodb", "TransactWriteItems", table(records, "Put"), table(accounts, "Update"),
             table(records, "ConditionCheck"), table(accounts, "Delete")),
    ]


def test_recorder_names_each_table_of_a_batch_and_each_item_of_a_read_transaction(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    first, second = create_table(dynamodb), create_table(dynamodb)
    function = new_function()
    client = function_client(launcher, "dynamodb", function, phase="invoke")
    client.batch_write_item(RequestItems={
        first: [{"PutRequest": {"Item": {"pk": {"S": "a"}}}}, {"PutRequest": {"Item": {"pk": {"S": "b"}}}}],
        second: [{"PutRequest": {"Item": {"pk": {"S": "c"}}}}],  # moto refuses a key twice, even across tables
    })
    client.transact_get_items(TransactItems=[{"Get": {"TableName": second, "Key": {"pk": {"S": "c"}}}}])
    assert recorded(launcher, function) == [
        call(function, "invoke", "dynamodb", "BatchWriteItem", table(first), table(second)),
        call(function, "invoke", "dynamodb", "TransactGetItems", table(second, "Get")),
    ]


def test_recorder_names_the_topic_of_an_sns_publish_over_the_query_protocol(launcher: Server) -> None:
    topic = launcher.client("sns").create_topic(Name=f"topic-{uuid.uuid4().hex[:8]}")["TopicArn"]
    function = new_function()
    function_client(launcher, "sns", function, phase="invoke").publish(TopicArn=topic, Message="{}")
    assert recorded(launcher, function) == [
        call(function, "invoke", "sns", "Publish", {"kind": "topic", "name": topic.rsplit(":", 1)[-1]}),
    ]


def signed_form_post(server: Server, path: str, service: str, key: str, form: dict[str, str]) -> int:
    """POSTs a SigV4-signed form (a query-protocol request) as an SDK without that protocol's client would."""
    body = urllib.parse.urlencode(form)
    request = AWSRequest(method="POST", url=server.endpoint + path, data=body,
                         headers={"Content-Type": "application/x-www-form-urlencoded; charset=utf-8"})
    SigV4Auth(Credentials(key, "any"), service, REGION).add_auth(request)
    prepared = urllib.request.Request(request.url, data=body.encode(), headers=dict(request.headers), method="POST")
    with server.urlopen(prepared) as response:
        return response.status


def test_recorder_names_the_queue_of_an_sqs_query_protocol_request_by_parameter_or_by_path(launcher: Server) -> None:
    queue = create_queue(launcher.client("sqs"))
    name, path = queue.rsplit("/", 1)[-1], urllib.parse.urlsplit(queue).path
    function = new_function()
    key = FUNCTION_KEY_PREFIX + function
    message = {"Action": "SendMessage", "Version": "2012-11-05", "MessageBody": "m"}
    assert signed_form_post(launcher, "/", "sqs", key, {**message, "QueueUrl": queue}) == 200
    assert signed_form_post(launcher, path, "sqs", key, message) == 200
    assert recorded(launcher, function) == [call(function, "unknown", "sqs", "SendMessage", {"kind": "queue", "name": name})] * 2


def test_recorder_names_queues_secrets_streams_and_keys(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    name = create_table(dynamodb, stream=True)
    stream = dynamodb.describe_table(TableName=name)["Table"]["LatestStreamArn"]
    queue = create_queue(launcher.client("sqs"))
    secret = f"secret-{uuid.uuid4().hex[:8]}"
    launcher.client("secretsmanager").create_secret(Name=secret, SecretString="s")
    key = launcher.client("kms").create_key()["KeyMetadata"]["KeyId"]
    function = new_function()
    function_client(launcher, "sqs", function, phase="invoke").send_message(QueueUrl=queue, MessageBody="m")
    function_client(launcher, "secretsmanager", function, phase="init").get_secret_value(SecretId=secret)
    function_client(launcher, "dynamodbstreams", function, phase="invoke").describe_stream(StreamArn=stream)
    function_client(launcher, "kms", function, phase="invoke").describe_key(KeyId=key)
    assert recorded(launcher, function) == [
        call(function, "invoke", "sqs", "SendMessage", {"kind": "queue", "name": queue.rsplit("/", 1)[-1]}),
        call(function, "init", "secretsmanager", "GetSecretValue", {"kind": "secret", "name": secret}),
        call(function, "invoke", "dynamodbstreams", "DescribeStream", {"kind": "stream", "name": stream}),
        call(function, "invoke", "kms", "DescribeKey", {"kind": "key", "name": key}),
    ]


def test_recorder_keeps_calls_of_unknown_shape_and_without_a_phase(launcher: Server) -> None:
    function = new_function()
    function_client(launcher, "lambda", function).list_functions()  # a REST protocol: no target, no Action
    function_client(launcher, "dynamodb", function, phase="restore").list_tables()
    assert recorded(launcher, function) == [
        call(function, "unknown", "lambda", None),
        call(function, "unknown", "dynamodb", "ListTables"),
    ]


def test_recorder_writes_whole_lines_under_concurrent_requests(launcher: Server) -> None:
    name = create_table(launcher.client("dynamodb"))
    function = new_function()
    dynamodb = function_client(launcher, "dynamodb", function, phase="invoke")
    with ThreadPoolExecutor(max_workers=16) as pool:
        list(pool.map(lambda i: dynamodb.put_item(TableName=name, Item={"pk": {"S": f"k{i}"}}), range(200)))
    assert recorded(launcher, function) == [call(function, "invoke", "dynamodb", "PutItem", table(name))] * 200


def test_moto_api_reset_still_works(launcher: Server) -> None:
    dynamodb = launcher.client("dynamodb")
    create_table(dynamodb)
    status, _, _ = launcher.http("POST", "/moto-api/reset")
    assert status == 200
    assert dynamodb.list_tables()["TableNames"] == []


def test_launcher_with_a_certificate_answers_on_tls_only_and_its_queue_urls_are_https(launcher: Server) -> None:
    """AWS's endpoints are HTTPS; so is the launcher given --tls-cert, and the URLs it builds."""
    url = create_queue(launcher.client("sqs"))
    assert url.startswith(launcher.endpoint + "/") and url.startswith("https://")
    plain = urllib.request.Request(launcher.endpoint.replace("https://", "http://", 1) + "/_fault")
    with pytest.raises(OSError):
        urllib.request.urlopen(plain, timeout=30)
    untrusted = urllib.request.Request(launcher.endpoint + "/_fault")
    with pytest.raises(urllib.error.URLError) as refused:
        urllib.request.urlopen(untrusted, timeout=30, context=ssl.create_default_context())
    assert isinstance(refused.value.reason, ssl.SSLCertVerificationError)


def test_launcher_keeps_a_connection_alive_and_sends_each_answer_in_one_write(launcher: Server) -> None:
    """Fix 8: one connection serves call after call, as AWS's endpoints do, and an answer is one write.

    The requests go as the JDK's HttpURLConnection sends them: headers, then body, in two writes.
    Over TLS each write of the server is one record, and one recv returns at most one record: an
    answer whose headers and body were written apart would come back as its headers alone.
    """
    body = b"{}"
    scope = f"testing/20260101/{REGION}/dynamodb/aws4_request"  # moto routes by the signature's service
    request = (f"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
               f"Authorization: AWS4-HMAC-SHA256 Credential={scope}, SignedHeaders=host, Signature=0\r\n"
               f"Content-Type: application/x-amz-json-1.0\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    with launcher.tls_connection() as connection:
        for _ in range(3):
            connection.sendall(request)
            connection.sendall(body)
            answer = connection.recv(65536)
            head, _, payload = answer.partition(b"\r\n\r\n")
            lines = head.decode().split("\r\n")
            length = next(int(line.split(":", 1)[1]) for line in lines if line.lower().startswith("content-length:"))
            assert lines[0] == "HTTP/1.1 200 OK" and "connection: close" not in head.decode().lower()
            assert len(payload) == length and "TableNames" in json.loads(payload)


# ---- fix 9: SQS's clock moved forward (/_clock) ------------------------------


def test_clock_moves_sqs_visibility_retention_and_sent_timestamps_forward_and_back(launcher: Server) -> None:
    sqs = launcher.client("sqs")
    dlq = create_queue(sqs)
    dlq_arn = sqs.get_queue_attributes(QueueUrl=dlq, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    queue = create_queue(sqs, MessageRetentionPeriod="3600",
                         RedrivePolicy=json.dumps({"deadLetterTargetArn": dlq_arn, "maxReceiveCount": 2}))
    send_bodies(sqs, queue, ["kept away", "expires"])
    sent = {m["Body"]: m for m in sqs.receive_message(QueueUrl=queue, MaxNumberOfMessages=10, VisibilityTimeout=900,
                                                       AttributeNames=["SentTimestamp"]).get("Messages", [])}
    sqs.change_message_visibility(QueueUrl=queue, ReceiptHandle=sent["expires"]["ReceiptHandle"], VisibilityTimeout=0)
    try:
        assert json.loads(launcher.http("GET", "/_clock")[2]) == {"offset_seconds": 0.0}
        # 15 minutes later: the message kept away for 900 s is visible again, and a new one is sent then
        assert json.loads(launcher.http("POST", "/_clock", {"advance_seconds": 901})[2]) == {"offset_seconds": 901}
        send_bodies(sqs, dlq, ["later"])
        later = sqs.receive_message(QueueUrl=dlq, AttributeNames=["SentTimestamp"], VisibilityTimeout=0)["Messages"][0]
        first = int(sent["kept away"]["Attributes"]["SentTimestamp"])
        assert 901_000 <= int(later["Attributes"]["SentTimestamp"]) - first < 961_000
        assert sorted(m["Body"] for m in receive(sqs, queue, visibility=0)) == ["expires", "kept away"]
        # the receive count runs out as it would have: the next receive dead-letters both
        assert receive(sqs, queue, visibility=0) == []
        assert sorted(m["Body"] for m in receive(sqs, dlq, visibility=0)) == ["expires", "kept away", "later"]
        # an hour on, a message of the queue is past its retention period
        send_bodies(sqs, queue, ["old"])
        launcher.http("POST", "/_clock", {"advance_seconds": 3601})
        assert receive(sqs, queue) == []
        for bad in [{}, {"advance_seconds": 0}, {"advance_seconds": -1}, {"advance_seconds": "5"},
                    {"advance_seconds": True}, {"advance_seconds": 400 * 86400}, {"advance_seconds": 5, "typo": 1}]:
            status, _, body = launcher.http("POST", "/_clock", bad)
            assert status == 400 and "error" in json.loads(body), bad
    finally:
        assert json.loads(launcher.http("DELETE", "/_clock")[2]) == {"offset_seconds": 0.0}


def test_clock_advances_to_a_queues_next_visible_message_and_no_further(launcher: Server) -> None:
    sqs = launcher.client("sqs")
    queue = create_queue(sqs)
    empty = create_queue(sqs)
    send_bodies(sqs, queue, ["soon", "later"])
    handles = {m["Body"]: m["ReceiptHandle"] for m in receive(sqs, queue, visibility=600)}
    sqs.change_message_visibility(QueueUrl=queue, ReceiptHandle=handles["soon"], VisibilityTimeout=90)
    region = sqs.meta.region_name
    try:
        moved = json.loads(launcher.http("POST", "/_clock", {"advance_to_next_visible": queue, "region": region,
                                                             "at_most_seconds": 3600})[2])["offset_seconds"]
        # just past the 90 s the first message was kept away: it is visible, the other is not
        assert 89 < moved < 91
        assert [m["Body"] for m in receive(sqs, queue, visibility=600)] == ["soon"]
        # capped: nothing comes back within 60 s, so the clock moves exactly 60 s
        capped = json.loads(launcher.http("POST", "/_clock", {"advance_to_next_visible": queue, "region": region,
                                                              "at_most_seconds": 60})[2])["offset_seconds"]
        assert abs(capped - moved - 60) < 0.01
        # an empty queue: all of at_most
        whole = json.loads(launcher.http("POST", "/_clock", {"advance_to_next_visible": empty, "region": region,
                                                             "at_most_seconds": 5})[2])["offset_seconds"]
        assert abs(whole - capped - 5) < 0.01
        for bad in [{"advance_to_next_visible": queue, "region": region, "at_most_seconds": 0},
                    {"advance_to_next_visible": queue + "-missing", "region": region, "at_most_seconds": 5},
                    {"advance_to_next_visible": 5, "region": region, "at_most_seconds": 5}]:
            status, _, body = launcher.http("POST", "/_clock", bad)
            assert status == 400 and "error" in json.loads(body), bad
    finally:
        launcher.http("DELETE", "/_clock")
