package com.example.sim.models;

import com.example.eventsource.SqsPolicy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One standard queue of the SQS model. Each behaviour and the page it comes from ("Amazon SQS
 * Developer Guide", https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/):
 * <ul>
 *   <li>a receive hides a message for the visibility timeout and counts it
 *       ({@code ApproximateReceiveCount}); {@code ChangeMessageVisibility} restarts that timer with
 *       a new length from the call (sqs-visibility-timeout.html);</li>
 *   <li>only the latest receipt handle deletes a message: an older one "succeeds, but the message
 *       will not be deleted" (API_DeleteMessage.html); a visibility change with an older one, or of
 *       a message no longer in flight, fails for that entry;</li>
 *   <li>at-least-once: a copy kept on a server that was unavailable to the delete comes back
 *       (standard-queues-at-least-once-delivery.html), with probability {@code extraCopies} per delete;</li>
 *   <li>the redrive policy: a message received {@code maxReceiveCount} times moves to the
 *       dead-letter queue at its next receive, keeping its id, {@code SentTimestamp} and enqueue time,
 *       which its retention there counts from (sqs-dead-letter-queues.html);</li>
 *   <li>a redrive (StartMessageMoveTask) sends each message again as a new one, "with a new
 *       messageID and enqueueTime" (sqs-configure-dead-letter-queue-redrive.html);</li>
 *   <li>retention: a message older than the queue's retention is deleted unseen (sqs-basic-architecture.html);</li>
 *   <li>receives return visible messages oldest-visible first; SQS's order is best effort, and the
 *       model is one of the orders it may give.</li>
 * </ul>
 * A FIFO queue ({@link #fifo()}; "FIFO queue delivery logic",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/FIFO-queues-understanding-logic.html,
 * "Amazon SQS FIFO queue key terms", FIFO-key-terms.html):
 * <ul>
 *   <li>every message has a {@code MessageGroupId}; a group's messages are received in the order
 *       they were sent, and a receive returns as many of one group as it can, then other groups';</li>
 *   <li>a group with a message in flight (received, neither deleted nor visible again) gives no
 *       other message: "Inflight messages block delivery of available messages within the same
 *       message group" (https://repost.aws/knowledge-center/sqs-fifo-messages-not-returned);</li>
 *   <li>a message sent with the {@code MessageDeduplicationId} of one sent in the last 5 minutes
 *       is "accepted successfully but not delivered", even after the first was deleted
 *       (FIFO-key-terms.html); the model answers with the first message;</li>
 *   <li>exactly-once processing: no extra copies;</li>
 *   <li>its dead-letter queue is a FIFO queue too; the redrive policy moves a group's head there
 *       at its next receive and the group goes on behind it (sqs-dead-letter-queues.html: a DLQ
 *       "might disrupt the exact order of messages"), and a redrive sends it as a new message at
 *       the group's tail.</li>
 * </ul>
 */
public final class SqsQueue {

    /** Why a message left a queue without being deleted by a consumer. */
    public enum Departure { MOVED_TO_DEAD_LETTER_QUEUE, EXPIRED, REDRIVEN }

    private final String name;
    private final String arn;
    private final String url;
    private final long visibilityTimeoutSeconds;
    private final long retentionSeconds;
    private final World world;
    private final IdSource ids;
    private Optional<SqsQueue> deadLetterQueue = Optional.empty();
    private int maxReceiveCount;
    private double extraCopies;
    private final Map<String, SqsMessage> messages = new LinkedHashMap<>();
    /** A standard queue's order (on a standard queue only). */
    private final VisibilityOrder byVisibility = new VisibilityOrder();
    private final List<DepartureListener> listeners = new ArrayList<>();
    /** A FIFO queue's groups and deduplication (on a FIFO queue only). */
    private final FifoGroups groups = new FifoGroups();
    private boolean fifo;

    /** Told of every message that leaves without a consumer's delete. */
    public interface DepartureListener {
        void departed(SqsQueue queue, SqsMessage message, Departure why);
    }

    /** Message ids, deterministic per run. */
    public interface IdSource {
        String next();
    }

    SqsQueue(String name, String region, String account, long visibilityTimeoutSeconds, long retentionSeconds,
             World world, IdSource ids) {
        this.name = name;
        this.arn = "arn:aws:sqs:" + region + ":" + account + ":" + name;
        this.url = "https://sqs." + region + ".amazonaws.com/" + account + "/" + name;
        this.visibilityTimeoutSeconds = visibilityTimeoutSeconds;
        this.retentionSeconds = retentionSeconds;
        this.world = world;
        this.ids = ids;
    }

    public String name() {
        return name;
    }

    public String arn() {
        return arn;
    }

    public String url() {
        return url;
    }

    /** Makes this a FIFO queue ({@code FifoQueue: true}); its name ends in {@code .fifo}. */
    public void fifo() {
        if (!name.endsWith(".fifo")) {
            throw new IllegalArgumentException("InvalidParameterValue: a FIFO queue's name ends in .fifo, was " + name);
        }
        this.fifo = true;
    }

    public boolean isFifo() {
        return fifo;
    }

    public void redrivePolicy(SqsQueue deadLetters, int maxReceives) {
        if (fifo != deadLetters.fifo) {
            throw new IllegalArgumentException("InvalidParameterValue: the dead-letter queue of a "
                    + (fifo ? "FIFO" : "standard") + " queue must be of the same type");
        }
        this.deadLetterQueue = Optional.of(deadLetters);
        this.maxReceiveCount = maxReceives;
    }

    public void extraCopies(double probability) {
        this.extraCopies = probability;
    }

    public void onDeparture(DepartureListener listener) {
        listeners.add(listener);
    }

    private long nowMicros() {
        java.time.Instant now = world.instant();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }

    /** Sends a new message, visible after {@code delaySeconds}; its id. */
    public SqsMessage send(String body, Map<String, String[]> attributes, long delaySeconds) {
        return send(body, attributes, delaySeconds, (String) null);
    }

    private SqsMessage send(String body, Map<String, String[]> attributes, long delaySeconds, String origin) {
        if (fifo) {
            throw new IllegalArgumentException("MissingParameter: MessageGroupId is required for a FIFO queue (" + name + ")");
        }
        long now = nowMicros();
        SqsMessage message = new SqsMessage(ids.next(), body, attributes, now / 1000, now / 1000,
                now + delaySeconds * 1_000_000, origin);
        add(message);
        return message;
    }

    /**
     * Sends a message to a FIFO queue in {@code groupId}; one with the deduplication id of a
     * message sent in the last 5 minutes is accepted but not delivered (that message is returned).
     * A standard queue ignores both ids.
     */
    public SqsMessage send(String body, Map<String, String[]> attributes, long delaySeconds, String groupId,
                           String deduplicationId) {
        return send(body, attributes, delaySeconds, null, groupId, deduplicationId);
    }

    private SqsMessage send(String body, Map<String, String[]> attributes, long delaySeconds, String origin, String groupId,
                            String deduplicationId) {
        if (!fifo) {
            return send(body, attributes, delaySeconds, origin);
        }
        if (groupId == null || deduplicationId == null) {
            throw new IllegalArgumentException("MissingParameter: MessageGroupId and MessageDeduplicationId are required ("
                    + name + " has no content-based deduplication)");
        }
        long now = nowMicros();
        Optional<SqsMessage> earlier = groups.duplicateOf(deduplicationId, now);
        if (earlier.isPresent()) {
            return earlier.get();
        }
        SqsMessage message = new SqsMessage(ids.next(), body, attributes, now / 1000, now / 1000,
                now + delaySeconds * 1_000_000, origin);
        message.groupId = groupId;
        message.deduplicationId = deduplicationId;
        groups.sent(message);
        add(message);
        return message;
    }

    private void add(SqsMessage message) {
        messages.put(message.id, message);
        if (!fifo) { // a FIFO queue receives by group
            byVisibility.track(message);
        }
        if (fifo) {
            groups.add(message);
        }
    }

    /** The message is no longer in the queue: deleted, moved, expired. */
    private void forget(SqsMessage message) {
        message.gone = true;
        messages.remove(message.id);
        if (fifo) {
            groups.remove(message);
        }
    }

    /** Up to {@code max} visible messages, each hidden for the visibility timeout. */
    public List<SqsMessage> receive(int max) {
        if (fifo) {
            return receiveFifo(max);
        }
        long now = nowMicros();
        List<SqsMessage> received = new ArrayList<>();
        while (received.size() < max) {
            Optional<SqsMessage> next = byVisibility.pollVisible(now);
            if (next.isEmpty()) {
                break;
            }
            if (take(next.get(), now)) {
                received.add(next.get());
            }
        }
        return received;
    }

    /**
     * A visible message a receive meets: expired, it leaves; past its receives, the redrive policy
     * moves it to the DLQ; otherwise it is received (counted, and hidden for the visibility timeout).
     *
     * @return whether it was received
     */
    private boolean take(SqsMessage message, long now) {
        if (expired(message, now)) {
            depart(message, Departure.EXPIRED);
            return false;
        }
        if (SqsPolicy.movesToDeadLetterQueue(deadLetterQueue.isPresent(), message.receiveCount, maxReceiveCount)) {
            moveToDeadLetters(message, now);
            return false;
        }
        message.receiveCount++;
        if (message.receiveCount == 1) {
            message.firstReceiveMillis = now / 1000;
        }
        hide(message, SqsPolicy.visibleAgainAt(now, visibilityTimeoutSeconds * 1_000_000));
        return true;
    }

    /** The redrive policy: the message moves to the DLQ, keeping its id, {@code SentTimestamp}, enqueue time and group. */
    private void moveToDeadLetters(SqsMessage message, long now) {
        depart(message, Departure.MOVED_TO_DEAD_LETTER_QUEUE);
        SqsMessage moved = new SqsMessage(message.id, message.body, message.attributes, message.sentAtMillis,
                message.enqueuedAtMillis, now, message.origin);
        moved.groupId = message.groupId;
        moved.deduplicationId = message.deduplicationId;
        deadLetterQueue.get().add(moved);
    }

    /**
     * A FIFO receive: the groups with nothing in flight, oldest head first; of each, as many
     * messages as fit, in order (each past its receives moved to the DLQ first).
     */
    private List<SqsMessage> receiveFifo(int max) {
        long now = nowMicros();
        List<SqsMessage> received = new ArrayList<>();
        for (List<SqsMessage> group : groups.receivable(now)) {
            if (received.size() >= max) {
                break;
            }
            for (SqsMessage message : group) {
                if (received.size() >= max || message.visibleAtMicros > now) {
                    break;
                }
                if (take(message, now)) {
                    received.add(message);
                }
            }
        }
        return received;
    }

    private boolean expired(SqsMessage message, long nowMicros) {
        return nowMicros / 1000 >= message.enqueuedAtMillis + retentionSeconds * 1000;
    }

    private void hide(SqsMessage message, long until) {
        message.version++;
        message.visibleAtMicros = until;
        if (!fifo) {
            byVisibility.track(message);
        }
    }

    private void depart(SqsMessage message, Departure why) {
        forget(message);
        listeners.forEach(listener -> listener.departed(this, message, why));
    }

    /** Deletes the message of {@code receiptHandle} if it is its latest; an older handle deletes nothing. */
    public void delete(String receiptHandle) {
        SqsMessage message = byHandle(receiptHandle);
        if (message == null) {
            return;
        }
        if (extraCopies > 0 && world.random().nextDouble() < extraCopies) {
            return; // a server that kept a copy missed the delete: it comes back after the timeout
        }
        forget(message);
    }

    /** Sets the message of {@code receiptHandle} visible after {@code seconds}; empty, or the error code. */
    public Optional<String> changeVisibility(String receiptHandle, long seconds) {
        SqsMessage message = byHandle(receiptHandle);
        if (message == null) {
            return Optional.of("ReceiptHandleIsInvalid");
        }
        long now = nowMicros();
        if (message.visibleAtMicros <= now) {
            return Optional.of("MessageNotInflight");
        }
        hide(message, now + seconds * 1_000_000);
        return Optional.empty();
    }

    private SqsMessage byHandle(String receiptHandle) {
        int hash = receiptHandle.lastIndexOf('#');
        SqsMessage message = hash < 0 ? null : messages.get(receiptHandle.substring(0, hash));
        return message != null && message.receiptHandle().equals(receiptHandle) ? message : null;
    }

    /** Moves every message to {@code destination} as new messages ({@code StartMessageMoveTask}); how many. */
    public int moveTo(SqsQueue destination) {
        long now = nowMicros();
        int moved = 0;
        for (SqsMessage message : List.copyOf(messages.values())) {
            if (expired(message, now)) {
                depart(message, Departure.EXPIRED);
                continue;
            }
            depart(message, Departure.REDRIVEN);
            destination.resend(message);
            moved++;
        }
        return moved;
    }

    /** Moves {@code message} to {@code destination} as a new message (one message of a {@code StartMessageMoveTask}). */
    public void moveOne(SqsMessage message, SqsQueue destination) {
        if (message.gone || messages.get(message.id) != message) {
            return;
        }
        depart(message, Departure.REDRIVEN);
        destination.resend(message);
    }

    /** A redriven message sent here as a new one: in its group, with a new deduplication id, on a FIFO queue. */
    private void resend(SqsMessage message) {
        if (fifo) {
            send(message.body, message.attributes, 0, message.origin, message.groupId, "redrive-" + ids.next());
        } else {
            send(message.body, message.attributes, 0, message.origin);
        }
    }

    /** Drops the messages past their retention now; the rest, oldest first. */
    public List<SqsMessage> messages() {
        long now = nowMicros();
        for (SqsMessage message : List.copyOf(messages.values())) {
            if (expired(message, now)) {
                depart(message, Departure.EXPIRED);
            }
        }
        return List.copyOf(messages.values());
    }

    /** How many messages are visible now, counted up to {@code limit}. */
    public int visible(int limit) {
        long now = nowMicros();
        if (fifo) {
            return groups.visible(limit, now);
        }
        return byVisibility.visible(limit, now);
    }

    /** When the next hidden or delayed message becomes visible, if any, else empty. */
    public Optional<java.time.Instant> nextVisibleAt() {
        long next = fifo ? groups.nextAt(nowMicros()) : byVisibility.nextAt();
        return next == Long.MAX_VALUE ? Optional.empty() : Optional.of(java.time.Instant.EPOCH.plusNanos(next * 1_000));
    }

    public int depth() {
        return messages.size();
    }

    /** The message attributes a dead letter is sent with are a batch entry's; kept as {type, value}. */
    static Map<String, String[]> attributes(Map<String, software.amazon.awssdk.services.sqs.model.MessageAttributeValue> values) {
        Map<String, String[]> attributes = new HashMap<>();
        values.forEach((name, value) -> attributes.put(name, new String[] {value.dataType(), value.stringValue()}));
        return attributes;
    }
}
