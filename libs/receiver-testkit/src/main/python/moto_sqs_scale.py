"""Fix 5 of moto_launcher.py: SQS requests whose cost does not grow with the queue.

Stock moto 5.2.1 makes every SQS request pay for every message in the queue,
measured with py-spy on the launcher while 2 500 messages were sent and drained
(docs/benchmarks.md, "The local AWS at volume"):

- ``Queue.attributes`` computes all attributes, three message counts included
  (each a scan of the queue calling the clock twice per message), for any one
  of them: ``SendMessage`` reads ``ContentBasedDeduplication`` from it, and
  ``ReceiveMessage`` reads ``MessageRetentionPeriod`` three times per message
  it returns. That was 95 % of the launcher's time sending and 81 % draining.
- ``Queue.messages`` lists every visible message before ``ReceiveMessage``
  takes its first ten.
- ``DeleteMessage`` scans the whole queue twice and rebuilds it.

The patches below compute the same values, each only when it is read; list
visible messages lazily, front first; and find a deleted message by scanning
from the front, where received messages are. No answer changes:
test_moto_launcher.py runs the same SQS checks on the launcher and on stock moto.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import moto.sqs.models as sqs_models
from moto.core.utils import camelcase_to_underscores, unix_time_millis
from moto.sqs.exceptions import ReceiptHandleIsInvalid


class QueueAttributes(Mapping[str, Any]):
    """A queue's attributes as stock ``Queue.attributes`` returns them, each computed when read.

    The names are those stock moto would return for this queue; a value is
    read from the queue (``ApproximateNumberOfMessages`` counts messages) only
    when asked for, and rendered as stock moto renders it.
    """

    def __init__(self, queue: sqs_models.Queue) -> None:
        self._queue = queue
        names = list(queue.BASE_ATTRIBUTES)
        if queue.fifo_queue:
            names += queue.FIFO_ATTRIBUTES
        if queue.kms_master_key_id:
            names += queue.KMS_ATTRIBUTES
        self._names = list(dict.fromkeys(names))

    def __getitem__(self, name: str) -> Any:
        if name not in self._names:
            raise KeyError(name)
        if name == "RedrivePolicy" and self._queue.redrive_policy:
            value = json.dumps(self._queue.redrive_policy)
        else:
            value = getattr(self._queue, camelcase_to_underscores(name))
        return str(value).lower() if isinstance(value, bool) else value

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


class VisibleMessages:
    """``Queue.messages`` without listing them: visible and not delayed, in queue order.

    Iterating checks each message as it is reached (so ``ReceiveMessage``,
    which stops after its batch, reads only the front of the queue); ``len``
    and truth value count at one instant.
    """

    def __init__(self, messages: list[sqs_models.Message]) -> None:
        self._messages = messages

    def __iter__(self) -> Iterator[sqs_models.Message]:
        return (message for message in self._messages if message.visible and not message.delayed)

    def __len__(self) -> int:
        return count_messages(self._messages, lambda message, now: _visible_at(message, now) and not _delayed_at(message, now))

    def __bool__(self) -> bool:
        now = unix_time_millis()
        return any(_visible_at(message, now) and not _delayed_at(message, now) for message in self._messages)


def _visible_at(message: sqs_models.Message, now: float) -> bool:
    """``Message.visible`` at the instant ``now`` (milliseconds), as stock moto compares."""
    return now > message.visible_at


def _delayed_at(message: sqs_models.Message, now: float) -> bool:
    """``Message.delayed`` at the instant ``now`` (milliseconds), as stock moto compares."""
    return now < message.delayed_until


def count_messages(messages: list[sqs_models.Message], matches: Callable[[sqs_models.Message, float], bool]) -> int:
    """How many messages match at one instant: one clock read, not two per message."""
    now = unix_time_millis()
    return sum(1 for message in messages if matches(message, now))


def delete_message(queue: sqs_models.Queue, receipt_handle: str) -> None:
    """Stock ``Queue.delete_message``, finding the message from the front of the queue.

    A handle already deleted is accepted again; one no message ever had is
    refused. The queue is replaced, not changed in place, as stock moto does.
    """
    if receipt_handle in queue.deleted_messages:
        return
    for index, message in enumerate(queue._messages):
        if message.had_receipt_handle(receipt_handle):
            queue.pending_messages.discard(message)
            queue.deleted_messages.update(message.all_receipt_handles)
            queue._messages = queue._messages[:index] + queue._messages[index + 1 :]
            return
    raise ReceiptHandleIsInvalid()


def patch_sqs_scale() -> None:
    """Installs fix 5 on moto's SQS models."""
    queue = sqs_models.Queue
    queue.attributes = property(QueueAttributes)  # type: ignore[assignment]
    queue.messages = property(lambda self: VisibleMessages(self._messages))  # type: ignore[assignment]
    queue.approximate_number_of_messages_not_visible = property(  # type: ignore[assignment]
        lambda self: count_messages(self._messages, lambda message, now: not _visible_at(message, now))
    )
    queue.approximate_number_of_messages_delayed = property(  # type: ignore[assignment]
        lambda self: count_messages(self._messages, _delayed_at)
    )
    queue.delete_message = delete_message  # type: ignore[assignment]

    original_get_queue_attributes = sqs_models.SQSBackend.get_queue_attributes

    def get_queue_attributes(self: sqs_models.SQSBackend, queue_name: str, attribute_names: list[str]) -> dict[str, Any]:
        # "All" returns queue.attributes itself: a plain dict for the response, as before.
        return dict(original_get_queue_attributes(self, queue_name, attribute_names))

    sqs_models.SQSBackend.get_queue_attributes = get_queue_attributes  # type: ignore[method-assign]
