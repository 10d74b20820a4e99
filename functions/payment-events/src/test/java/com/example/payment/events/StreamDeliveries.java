package com.example.payment.events;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The publisher function as the stream mapping invokes it, recording the size of every batch it
 * was given. Optionally crashes after publishing: the whole batch then comes again, as when
 * Lambda loses an invocation's response.
 */
final class StreamDeliveries implements Function<DynamodbEvent, StreamsEventResponse> {

    private final StreamPublisher publisher;
    private final List<Integer> batchSizes = new ArrayList<>();
    private int crashesLeft;

    StreamDeliveries(StreamPublisher publisher) {
        this.publisher = publisher;
    }

    /** The next {@code count} invocations crash after publishing, before answering. */
    synchronized void crashAfterPublishing(int count) {
        crashesLeft = count;
    }

    @Override
    public synchronized StreamsEventResponse apply(DynamodbEvent event) {
        batchSizes.add(event.getRecords().size());
        StreamsEventResponse response = publisher.publish(event);
        if (crashesLeft > 0) {
            crashesLeft--;
            throw new IllegalStateException("crashed after publishing (injected)");
        }
        return response;
    }

    /** The size of each batch the function was invoked with, in order. */
    synchronized List<Integer> batchSizes() {
        return List.copyOf(batchSizes);
    }
}
