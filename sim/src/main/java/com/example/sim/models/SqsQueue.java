package com.example.sim.models;

import com.example.eventsource.SqsPolicy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One standard queue of the SQS model. Each behaviour and the page it comes from ("Amazon SQS
 * Developer Guide", https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/):
 * <ul>
 *   <li>a receive hides a message for the visibility timeout and counts it ({@code ApproximateReceiveCount});
 *       {@code ChangeMessageVisibility} restarts that timer with a new length from the call (sqs-visibility-timeout.html);</li>
 *   <li>a delete or a visibility change goes by receipt handle, the latest one only, and a delete may miss a copy ({@link ReceiptHandles});</li>
 *   <li>the redrive policy moves a message past its receives to the dead-letter queue
 *       ({@link RedrivePolicy}); a redrive sends messages back as new ones ({@link MessageMoveTask});</li>
 *   <li>retention: a message older than the queue's retention is deleted unseen (sqs-basic-architecture.html);</li>
 *   <li>receives return visible messages oldest-visible first; SQS's order is best effort, the model's one it may give.</li>
 * </ul>
 * A FIFO queue ({@link #fifo()}) receives by message group, deduplicates, and has no extra copies
 * ({@link FifoGroups} gives each rule and its page).
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
    private Optional<RedrivePolicy> redrivePolicy = Optional.empty();
    private final ReceiptHandles receipts = new ReceiptHandles(this);
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
        this.redrivePolicy = Optional.of(new RedrivePolicy(this, deadLetters, maxReceives));
    }

    /** The redrive policy with one of the models' former kindnesses back on (a test's, to see it told apart). */
    void redrivePolicy(SqsQueue deadLetters, int maxReceives, Softness softness) {
        this.redrivePolicy = Optional.of(new RedrivePolicy(this, deadLetters, maxReceives,
                softness == Softness.FIFO_DEAD_LETTERS_KEEP_THEIR_CLOCK));
    }

    public void extraCopies(double probability) {
        receipts.extraCopies(probability);
    }

    public void onDeparture(DepartureListener listener) {
        listeners.add(listener);
    }

    long nowMicros() {
        java.time.Instant now = world.instant();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }

    /** Sends a new message, visible after {@code delaySeconds}; its id. */
    public SqsMessage send(String body, Map<String, String[]> attributes, long delaySeconds) {
        return sendStandard(body, attributes, delaySeconds, null);
    }

    private SqsMessage sendStandard(String body, Map<String, String[]> attributes, long delaySeconds, String origin) {
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

    SqsMessage send(String body, Map<String, String[]> attributes, long delaySeconds, String origin, String groupId,
                            String deduplicationId) {
        if (!fifo) {
            return sendStandard(body, attributes, delaySeconds, origin);
        }
        FifoGroups.requireIds(name, groupId, deduplicationId);
        long now = nowMicros();
        Optional<SqsMessage> earlier = groups.duplicateOf(deduplicationId, now);
        if (earlier.isPresent()) {
            return earlier.get();
        }
        SqsMessage message = new SqsMessage(ids.next(), body, attributes, now / 1000, now / 1000,
                now + delaySeconds * 1_000_000, origin);
        groups.sent(message, groupId, deduplicationId);
        add(message);
        return message;
    }

    void add(SqsMessage message) {
        messages.put(message.id, message);
        if (fifo) { // a FIFO queue receives by group
            groups.add(message);
        } else {
            byVisibility.track(message);
        }
    }

    /** The message is no longer in the queue: deleted, moved, expired. */
    void forget(SqsMessage message) {
        message.gone = true;
        messages.remove(message.id);
        if (fifo) {
            groups.remove(message);
        }
    }

    /** Up to {@code max} visible messages, each hidden for the visibility timeout. */
    public List<SqsMessage> receive(int max) {
        long now = nowMicros();
        if (fifo) {
            return groups.receive(max, now, this::take);
        }
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
        if (redrivePolicy.isPresent() && redrivePolicy.get().movesAtReceive(message)) {
            depart(message, Departure.MOVED_TO_DEAD_LETTER_QUEUE);
            redrivePolicy.get().move(message, now);
            return false;
        }
        message.receiveCount++;
        if (message.receiveCount == 1) {
            message.firstReceiveMillis = now / 1000;
        }
        hide(message, SqsPolicy.visibleAgainAt(now, visibilityTimeoutSeconds * 1_000_000));
        return true;
    }

    boolean expired(SqsMessage message, long nowMicros) {
        return nowMicros / 1000 >= message.enqueuedAtMillis + retentionSeconds * 1000;
    }

    void hide(SqsMessage message, long until) {
        message.version++;
        message.visibleAtMicros = until;
        if (!fifo) {
            byVisibility.track(message);
        }
    }

    void depart(SqsMessage message, Departure why) {
        forget(message);
        listeners.forEach(listener -> listener.departed(this, message, why));
    }

    /** Deletes the message of {@code receiptHandle} if it is its latest; an older handle deletes nothing. */
    public void delete(String receiptHandle) {
        receipts.delete(receiptHandle, world.random());
    }

    /** Sets the message of {@code receiptHandle} visible after {@code seconds}; empty, or the error code. */
    public Optional<String> changeVisibility(String receiptHandle, long seconds) {
        return receipts.changeVisibility(receiptHandle, seconds);
    }

    /** The message of {@code id} while it is in the queue, else null. */
    SqsMessage byId(String id) {
        return messages.get(id);
    }

    /** Moves every message to {@code destination} as new messages ({@code StartMessageMoveTask}); how many. */
    public int moveTo(SqsQueue destination) {
        return MessageMoveTask.moveAll(this, destination);
    }

    /** Moves {@code message} to {@code destination} as a new message (one message of a {@code StartMessageMoveTask}). */
    public void moveOne(SqsMessage message, SqsQueue destination) {
        MessageMoveTask.moveOne(this, message, destination);
    }

    /** A new message id, from the run's deterministic source. */
    String nextId() {
        return ids.next();
    }

    /** Whether {@code message} is still this queue's (not deleted, moved or expired). */
    boolean holds(SqsMessage message) {
        return !message.gone && byId(message.id) == message;
    }

    /** The messages as they are, expired ones included, oldest first. */
    List<SqsMessage> stored() {
        return List.copyOf(messages.values());
    }

    /** Drops the messages past their retention now; the rest, oldest first. */
    public List<SqsMessage> messages() {
        long now = nowMicros();
        stored().stream().filter(message -> expired(message, now)).forEach(message -> depart(message, Departure.EXPIRED));
        return stored();
    }

    /** How many messages are visible now, counted up to {@code limit}. */
    public int visible(int limit) {
        long now = nowMicros();
        return fifo ? groups.visible(limit, now) : byVisibility.visible(limit, now);
    }

    /** When the next hidden or delayed message becomes visible, if any, else empty. */
    public Optional<java.time.Instant> nextVisibleAt() {
        long next = fifo ? groups.nextAt(nowMicros()) : byVisibility.nextAt();
        return next == Long.MAX_VALUE ? Optional.empty() : Optional.of(java.time.Instant.EPOCH.plusNanos(next * 1_000));
    }

    public int depth() {
        return messages.size();
    }
}
