"""The WSGI app moto_launcher.py serves in front of moto's: its admin endpoints, then the call
recording, then injected faults, then moto under the lock; and fix 6.

The admin endpoints switch the fixes that are off until asked for: ``/_fault``
(fix 3, moto_faults.py), ``/_conflicts`` (fix 4, moto_conflicts.py),
``/_capacity`` (fix 7, moto_capacity.py) and ``/_reasons`` (fix 10,
moto_reasons.py), each answered by one dispatch
(moto_wsgi.admin). moto's own endpoints, ``/moto-api/`` included, work as
before.

Fix 6: every request lists moto's package directory (one stat per service) to
find its backend; the listing is read once (patch_backend_lookup).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import moto.backends as moto_backends
from moto.moto_server.werkzeug_app import DomainDispatcherApplication
from moto_calls import CallRecorder
from moto_capacity import WriteCapacity
from moto_clock import SqsClock
from moto_conflicts import ConflictMode
from moto_faults import FaultInjector, dynamodb_error
from moto_lock import BackendLock
from moto_reasons import ReasonInjector
from moto_wsgi import StartResponse, Switch, admin, dynamodb_operation, read_body

FAULT_PATH = "/_fault"
CONFLICTS_PATH = "/_conflicts"
CAPACITY_PATH = "/_capacity"
CLOCK_PATH = "/_clock"
REASONS_PATH = "/_reasons"


def patch_backend_lookup() -> None:
    """Lists moto's services once, not on every request (fix 6).

    DomainDispatcherApplication.get_backend_for_host calls
    moto.backends.list_of_moto_modules for each request: a listdir and an
    isdir per service, 9 % of the launcher's time while draining. The package
    does not change while the server runs, so the first listing is kept.
    """
    services = tuple(moto_backends.list_of_moto_modules())
    moto_backends.list_of_moto_modules = lambda: services


class LauncherApp:
    """WSGI app in front of moto's: /_fault, /_conflicts, /_capacity, /_clock, /_reasons, then the
    call recording, then injected faults, then moto under the lock."""

    def __init__(self, moto_app: DomainDispatcherApplication, lock: BackendLock, faults: FaultInjector,
                 conflicts: ConflictMode, capacity: WriteCapacity, clock: SqsClock, reasons: ReasonInjector,
                 recorder: CallRecorder | None = None):
        self._moto_app = moto_app
        self._lock = lock
        self._faults = faults
        self._conflicts = conflicts
        self._capacity = capacity
        self._recorder = recorder
        self._switches: dict[str, Switch] = {FAULT_PATH: faults, CONFLICTS_PATH: conflicts, CAPACITY_PATH: capacity,
                                             CLOCK_PATH: clock, REASONS_PATH: reasons}

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        # The whole body off the connection before any answer: the next request on a kept-alive
        # connection starts right after it (moto_keep_alive.py), whatever this request's handler reads.
        read_body(environ)
        switch = self._switches.get(environ.get("PATH_INFO", ""))
        if switch is not None:
            return admin(switch, environ, start_response)
        if self._recorder is not None:
            # Before the faults: a call answered with an injected error was still made.
            self._recorder.record(environ)
        operation = dynamodb_operation(environ)
        if operation is not None and self._faults.armed():
            rule = self._faults.take(operation, read_body(environ).decode("utf-8", "replace"))
            if rule is not None:
                return dynamodb_error(rule, start_response)
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
