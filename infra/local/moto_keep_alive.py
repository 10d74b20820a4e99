"""Fix 8: werkzeug's server closes every connection after one request; AWS keeps it open.

werkzeug answers every request with ``Connection: close``, so a client opens a new connection
for each call; over TLS each call would also pay a full handshake (measured: a boto3 PutItem
32 to 38 ms on HTTPS against 6 to 8 ms on plain HTTP, on the loaded 2-core build machine; with
connections kept alive 2.8 to 3.0 ms on HTTPS). AWS's endpoints keep a connection for the
client's next call, and the SDKs pool them. KeepAliveRequestHandler leaves the header out, so
the threaded server's HTTP/1.1 reads the next request on the same connection, with Nagle's
algorithm off (an answer is written as headers, then body, and the body must not wait for the
client's delayed ACK of the headers, about 40 ms); patch_keep_alive turns off werkzeug's drain
after each request, which is safe only on a connection about to close. LauncherApp reads every
request's body whole before answering, so nothing is left on the connection before the next
request line.
"""

from __future__ import annotations

import selectors
import types
from typing import Any

import werkzeug.serving
from werkzeug.serving import WSGIRequestHandler


class KeepAliveRequestHandler(WSGIRequestHandler):
    """werkzeug's handler, keeping the connection open for the client's next request."""

    disable_nagle_algorithm = True

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "connection" and value.lower() == "close":
            return
        super().send_header(keyword, value)


class _NothingToDrain:
    """A selector that never finds anything to read: werkzeug's drain after each request, off."""

    def register(self, *_: object) -> None:
        pass

    def select(self, timeout: float | None = None) -> list[Any]:
        return []

    def close(self) -> None:
        pass


def patch_keep_alive() -> None:
    """Turns off werkzeug's drain of the connection after each request.

    After an answer, werkzeug reads and discards whatever the client sent beyond the request
    (up to 10 MB, while bytes keep coming within 10 ms): on a kept-alive connection it would
    swallow the client's next request.
    """
    werkzeug.serving.selectors = types.SimpleNamespace(DefaultSelector=_NothingToDrain, EVENT_READ=selectors.EVENT_READ)
