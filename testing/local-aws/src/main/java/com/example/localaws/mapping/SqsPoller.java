package com.example.localaws.mapping;

import java.util.Objects;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/** An {@link SqsEventSourceMapping} as a {@link Poller}, with its running totals. */
public final class SqsPoller implements Poller {

    private final String name;
    private final SqsEventSourceMapping mapping;
    private final SqsClient sqs;
    private final String queueUrl;
    private long polls;
    private long invocations;
    private long received;
    private long deleted;
    private long failed;

    public SqsPoller(String name, SqsEventSourceMapping mapping, SqsClient sqs, String queueUrl) {
        this.name = Objects.requireNonNull(name, "name");
        this.mapping = Objects.requireNonNull(mapping, "mapping");
        this.sqs = Objects.requireNonNull(sqs, "sqs");
        this.queueUrl = Objects.requireNonNull(queueUrl, "queueUrl");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int pollOnce() {
        SqsEventSourceMapping.Poll poll = mapping.pollOnce();
        polls++;
        if (poll.received() > 0) {
            invocations++;
        }
        received += poll.received();
        deleted += poll.deleted();
        failed += poll.failed();
        return poll.received();
    }

    @Override
    public boolean idle() {
        return count(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES) == 0
                && count(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE) == 0;
    }

    /** Messages waiting plus in flight, for progress lines. */
    public int backlog() {
        return count(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES)
                + count(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE);
    }

    private int count(QueueAttributeName attribute) {
        return Integer.parseInt(sqs.getQueueAttributes(request -> request.queueUrl(queueUrl).attributeNames(attribute))
                .attributes().get(attribute));
    }

    public long polls() {
        return polls;
    }

    public long invocations() {
        return invocations;
    }

    public long received() {
        return received;
    }

    public long deleted() {
        return deleted;
    }

    public long failed() {
        return failed;
    }
}
