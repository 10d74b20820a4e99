package com.example.sim.models;

import java.util.Map;

/**
 * One message in the SQS model: what SQS keeps of it. {@code sentAt} is its {@code SentTimestamp};
 * {@code enqueuedAt} what its retention counts from, which a move by the redrive policy keeps on a
 * standard queue and resets on a FIFO one ({@link RedrivePolicy}).
 */
public final class SqsMessage {

    final String id;
    final String body;
    /** Message attributes by name: {type, value}. */
    final Map<String, String[]> attributes;
    final long sentAtMillis;
    final long enqueuedAtMillis;
    int receiveCount;
    long firstReceiveMillis;
    long visibleAtMicros;
    int version;
    boolean gone;
    /**
     * The id the message was first sent with: the same through a move to the DLQ and a redrive
     * (which sends it again with a new id), so that the one who sent it knows it by this id.
     */
    final String origin;
    /** A FIFO queue's: the message group, the deduplication id, the sequence number; {@code null}/0 on a standard queue. */
    String groupId;
    String deduplicationId;
    long sequenceNumber;

    SqsMessage(String id, String body, Map<String, String[]> attributes, long sentAtMillis, long enqueuedAtMillis,
               long visibleAtMicros, String origin) {
        this.id = id;
        this.body = body;
        this.attributes = Map.copyOf(attributes);
        this.sentAtMillis = sentAtMillis;
        this.enqueuedAtMillis = enqueuedAtMillis;
        this.visibleAtMicros = visibleAtMicros;
        this.origin = origin == null ? id : origin;
    }

    public String id() {
        return id;
    }

    public String body() {
        return body;
    }

    public Map<String, String[]> attributes() {
        return attributes;
    }

    public long sentAtMillis() {
        return sentAtMillis;
    }

    /** What its retention counts from: its first send, kept by the redrive policy's move, new at a redrive. */
    public long enqueuedAtMillis() {
        return enqueuedAtMillis;
    }

    public int receiveCount() {
        return receiveCount;
    }

    public long firstReceiveMillis() {
        return firstReceiveMillis;
    }

    /** The message group, on a FIFO queue. */
    public java.util.Optional<String> groupId() {
        return java.util.Optional.ofNullable(groupId);
    }

    public String deduplicationId() {
        return deduplicationId;
    }

    public long sequenceNumber() {
        return sequenceNumber;
    }

    /** The id of the message's first send: its identity through the DLQ and redrives. */
    public String origin() {
        return origin;
    }

    /** The receipt handle of its latest receive: only that one deletes it or changes its visibility. */
    public String receiptHandle() {
        return id + "#" + receiveCount;
    }
}
