"""Fix 9 of moto_launcher.py: SQS's clock, moved forward on demand (``/_clock``).

SQS's windows are minutes and days: a visibility timeout of 181 s, delays of up
to 15 minutes, retentions of 4 and 14 days, a redrive that gives a message a new
``SentTimestamp``. A test that waits for them in real time cannot live through
them. ``/_clock`` (POST ``{"advance_seconds": S}``, GET, DELETE) moves the clock
every SQS queue of the launcher reads by S seconds, at once: what would become
visible, expire or be dead-lettered in those S seconds does, and a message sent
afterwards carries the later ``SentTimestamp``, as after that much time in AWS.
POST ``{"advance_to_next_visible": URL, "region": R, "at_most_seconds": S}``
moves it just past the moment the first message of that queue becomes visible
again (its visibility timeout or delay over), S seconds at most: a poller that
found the queue empty skips the time in which nothing could happen, and no more.
DELETE sets the clock back to the real time. The test's own clock (the function's
``Clock``) moves by the same offset, so both sides agree on what time it is.

Only SQS reads it: DynamoDB's time is the function's (an item's ``expiresAt``
against the function's clock), and moto deletes no TTL-expired item anyway.
"""

from __future__ import annotations

import threading
from typing import Any

import moto.sqs.models as sqs_models
import moto_sqs_scale
from moto.core.utils import unix_time, unix_time_millis
from moto_wsgi import SpecError, is_number

# Far enough for the longest window a test lives through (a 365-day idempotency record), and
# bounded, so that a typo cannot send the clock past what the SDK's timestamps can hold.
MAX_ADVANCE_SECONDS = 400 * 24 * 3600


class SqsClock:
    """The offset, in seconds, that SQS's clock runs ahead of the real time; 0 until advanced."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._offset = 0.0

    def seconds(self) -> float:
        """Now, by SQS's clock, in seconds since the epoch."""
        return unix_time() + self._offset

    def millis(self) -> float:
        """Now, by SQS's clock, in milliseconds since the epoch."""
        return unix_time_millis() + self._offset * 1000

    def state(self) -> dict[str, Any]:
        return {"offset_seconds": self._offset}

    def reset(self) -> dict[str, Any]:
        with self._lock:
            self._offset = 0.0
        return self.state()

    def configure(self, spec: Any) -> dict[str, Any]:
        """Moves the clock forward by ``advance_seconds``, or to a queue's next visible message; the total at most 400 days."""
        if isinstance(spec, dict) and set(spec) == {"advance_to_next_visible", "region", "at_most_seconds"}:
            return self._advance(_seconds_until_visible(spec["advance_to_next_visible"], spec["region"],
                                                        self.millis(), spec["at_most_seconds"]))
        if not isinstance(spec, dict) or set(spec) != {"advance_seconds"}:
            raise SpecError('body must be {"advance_seconds": S} or '
                            '{"advance_to_next_visible": URL, "region": R, "at_most_seconds": S}')
        return self._advance(spec["advance_seconds"])

    def _advance(self, seconds: Any) -> dict[str, Any]:
        if not is_number(seconds) or seconds <= 0:
            raise SpecError("advance_seconds must be a number above 0: the clock only moves forward")
        with self._lock:
            if self._offset + seconds > MAX_ADVANCE_SECONDS:
                raise SpecError(f"the clock may run at most {MAX_ADVANCE_SECONDS} s ahead, was asked for "
                                f"{self._offset + seconds}")
            self._offset += seconds
        return self.state()


# Just past the instant: moto counts a message visible once now > visible_at.
PAST_THE_INSTANT_SECONDS = 0.001


def _seconds_until_visible(queue_url: Any, region: Any, now_millis: float, at_most: Any) -> float:
    """How far the clock must move for a message of the queue at `queue_url` to be visible, capped at `at_most`."""
    if not isinstance(queue_url, str) or not isinstance(region, str):
        raise SpecError("advance_to_next_visible and region must be strings: a queue URL and its region")
    if not is_number(at_most) or at_most <= 0:
        raise SpecError("at_most_seconds must be a number above 0")
    parts = queue_url.rstrip("/").split("/")
    if len(parts) < 2:
        raise SpecError(f"advance_to_next_visible must be a queue URL, was {queue_url!r}")
    account, name = parts[-2], parts[-1]
    queue = sqs_models.sqs_backends[account][region].queues.get(name)
    if queue is None:
        raise SpecError(f"no queue {name} in account {account}, {region}")
    waits = [max(message.visible_at, message.delayed_until) - now_millis for message in list(queue._messages)]
    if not waits:
        return float(at_most)
    return min(float(at_most), max(min(waits), 0.0) / 1000 + PAST_THE_INSTANT_SECONDS)


def patch_sqs_clock(clock: SqsClock) -> None:
    """Makes every clock read of moto's SQS models (and of fix 5's queue views) go through `clock`."""
    sqs_models.unix_time = lambda *_: clock.seconds()
    sqs_models.unix_time_millis = lambda *_: clock.millis()
    moto_sqs_scale.unix_time_millis = lambda *_: clock.millis()
