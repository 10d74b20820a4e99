"""Fix 1 of moto_launcher.py: one lock around every backend request.

Stock moto 5.2.1's threaded server has no lock around backend calls: two
concurrent conditional TransactWriteItems on one new key can both succeed, and
a cancelled transaction restoring its table copy loses writes acknowledged
meanwhile. Every backend request is serialised by one lock (SQS too: its
DeleteMessage rebuilds the message list and drops a concurrent send); an SQS
long poll lets go of the lock while it sleeps.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import moto.sqs.models as sqs_models


class BackendLock:
    """The one lock every backend request holds.

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
