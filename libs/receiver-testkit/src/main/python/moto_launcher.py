"""Runs moto's server for the local runtime (DESIGN.md §10), fixed for our tests.

    python libs/receiver-testkit/src/main/python/moto_launcher.py --host 127.0.0.1 --port N [--tls-cert CERT --tls-key KEY]

prints one line ``ready <port>`` on stdout once the port is listening; all
else (moto's own prints, request logs with --verbose) goes to stderr.

With --tls-cert and --tls-key it answers on TLS only (https://, as AWS does; the URLs it
builds, such as an SQS QueueUrl, say https as well), else on plain HTTP.

Stock moto 5.2.1 and werkzeug's server fall short of an idempotent receiver's local runtime in
eleven measured ways, fixed without editing moto, each in the module beside
this one that says what it fixes and why:

1. no lock around backend calls (moto_lock.py);
2. TransactWriteItems copies whole tables to roll back, and a rollback breaks
   open stream iterators (moto_transactions.py: an item-level undo);
3. no DynamoDB errors on demand (moto_faults.py: ``/_fault``);
4. behind fix 1, transactions never conflict (moto_conflicts.py: ``/_conflicts``);
5. SQS requests cost more the more messages wait (moto_sqs_scale.py);
6. every request lists moto's package directory (moto_admin.py);
7. no throttling by capacity (moto_capacity.py: ``/_capacity``);
8. werkzeug closes every connection after one request, so over TLS every call
   paid a handshake (moto_keep_alive.py);
9. SQS's windows (minutes to days) pass only in real time (moto_clock.py: ``/_clock``);
10. no passing cancellation reason ever stands beside a condition failure in one transaction
    (moto_reasons.py: ``/_reasons``);
11. DescribeTimeToLive answers a table that does not exist with a code no SDK knows
    (moto_missing_table.py).

moto_admin.py puts them together in front of moto's own WSGI app, whose
endpoints (``/moto-api/`` included) work as before. Besides, ``--record-calls
FILE`` appends one JSON line to FILE for every request a local Lambda function
signed, for ``make rehearse`` (moto_calls.py).

The modules are found beside this file: Python puts a script's folder first on
``sys.path``.
"""

from __future__ import annotations

import argparse
import faulthandler
import logging
import os
import signal
import ssl
import sys
from typing import Any

from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
from moto_admin import LauncherApp, patch_backend_lookup
from moto_calls import FUNCTION_KEY_PREFIX, CallRecorder
from moto_capacity import WriteCapacity
from moto_clock import SqsClock, patch_sqs_clock
from moto_conflicts import ConflictMode
from moto_faults import FaultInjector
from moto_keep_alive import KeepAliveRequestHandler, patch_keep_alive
from moto_lock import BackendLock, patch_sqs_long_polling
from moto_missing_table import patch_describe_time_to_live
from moto_reasons import ReasonInjector
from moto_sqs_scale import patch_sqs_scale
from moto_transactions import patch_single_writes, patch_transactions
from werkzeug.serving import make_server


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
    reasons = ReasonInjector()
    patch_transactions(conflicts, capacity, reasons)
    patch_single_writes(conflicts, capacity)
    patch_sqs_long_polling(lock)
    patch_sqs_scale()
    clock = SqsClock()
    patch_sqs_clock(clock)
    patch_backend_lookup()
    patch_describe_time_to_live()
    patch_keep_alive()
    recorder = CallRecorder(args.record_calls, args.function_key_prefix) if args.record_calls else None
    app = LauncherApp(DomainDispatcherApplication(create_backend_app), lock, FaultInjector(), conflicts, capacity,
                      clock, reasons, recorder)
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
