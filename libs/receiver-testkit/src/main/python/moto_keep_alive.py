"""Fix 8: werkzeug's server closes every connection after one request; AWS keeps it open.

werkzeug answers every request with ``Connection: close``, so a client opens a new connection
for each call; over TLS each call would also pay a full handshake (measured: a boto3 PutItem
32 to 38 ms on HTTPS against 6 to 8 ms on plain HTTP, on the loaded 2-core build machine; with
connections kept alive 2.8 to 3.0 ms on HTTPS). AWS's endpoints keep a connection for the
client's next call, and the SDKs pool them. KeepAliveRequestHandler leaves the header out, so
the threaded server's HTTP/1.1 reads the next request on the same connection; patch_keep_alive
turns off werkzeug's drain after each request, which is safe only on a connection about to
close. LauncherApp reads every request's body whole before answering, so nothing is left on the
connection before the next request line.

A kept-alive connection must not wait on TCP's delayed acknowledgements (Linux: 40 ms), which a
fresh connection never meets (its first segments are acknowledged at once). Both ends write in
pieces: the JDK's HttpURLConnection sends a request's headers, then its body, with Nagle's
algorithm on, so the body waits for the server's ACK of the headers; werkzeug writes an answer's
status and headers, then its body. Measured on one kept-alive connection of the Powertools
baseline (strace of the launcher): 40 ms from headers to body, 44 ms from an answer to the next
request, so about 85 ms a call instead of 2 to 3; `BaselineFaultPointsTest#withoutFaults` took
22 s instead of 4.8 s. So the handler acknowledges what it reads at once (TCP_QUICKACK, which
Linux clears by itself, set around every read) and sends each answer in one write at its end.
With both, kept-alive connections on HTTPS take the test 4.8 s, as new plain ones did.
"""

from __future__ import annotations

import io
import selectors
import socket
import types
from typing import Any

import werkzeug.serving
from werkzeug.serving import WSGIRequestHandler


class KeepAliveRequestHandler(WSGIRequestHandler):
    """werkzeug's handler, keeping the connection open for the client's next request.

    It reads through QuickAckReader and answers through OneWriteAnswer: a request is acknowledged
    as it arrives, and an answer leaves in one write when the request is done.
    """

    disable_nagle_algorithm = True

    def setup(self) -> None:
        super().setup()
        self.rfile = io.BufferedReader(QuickAckReader(self.connection))
        self.wfile = OneWriteAnswer(self.connection)

    def handle_one_request(self) -> None:
        try:
            super().handle_one_request()
        finally:
            self.wfile.send()

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "connection" and value.lower() == "close":
            return
        super().send_header(keyword, value)


class QuickAckReader(io.RawIOBase):
    """Reads a connection, acknowledging at once what arrives (TCP_QUICKACK before and after each read).

    Linux leaves quick-ACK mode by itself, so one setting does not last: set before a read, it
    acknowledges the segment that read waits for; set after, it acknowledges a segment the read
    left pending.
    """

    def __init__(self, connection: socket.socket) -> None:
        super().__init__()
        self._connection = connection

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        self._acknowledge_at_once()
        read = self._connection.recv_into(buffer)
        self._acknowledge_at_once()
        return read

    def _acknowledge_at_once(self) -> None:
        try:
            self._connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)
        except OSError:
            pass  # a connection the client has just closed: the read says so


class OneWriteAnswer(io.BufferedIOBase):
    """Holds an answer's status line, headers and body, and sends them in one write (send())."""

    def __init__(self, connection: socket.socket) -> None:
        super().__init__()
        self._connection = connection
        self._pending = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self._pending += data
        return len(data)

    def flush(self) -> None:
        """werkzeug flushes after the headers and after each piece of the body: the answer waits for send()."""

    def send(self) -> None:
        if self._pending:
            pending, self._pending = bytes(self._pending), bytearray()
            self._connection.sendall(pending)


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
