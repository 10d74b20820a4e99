package com.example.payment.events;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The publisher function as the stream mapping invokes it, counting, per transaction, the
 * decision records the stream delivered and the function completed (those before the reported
 * failure; none when it threw). Optionally crashes after publishing: the whole batch then comes
 * again, as when Lambda loses an invocation's response.
 */
final class StreamDeliveries implements Function<DynamodbEvent, StreamsEventResponse> {

    private final StreamPublisher publisher;
    private final Map<String, Integer> completed = new ConcurrentHashMap<>();
    private int crashesLeft;
    private int invocations;

    StreamDeliveries(StreamPublisher publisher) {
        this.publisher = publisher;
    }

    /** The next {@code count} invocations crash after publishing, before answering. */
    synchronized void crashAfterPublishing(int count) {
        crashesLeft = count;
    }

    @Override
    public synchronized StreamsEventResponse apply(DynamodbEvent event) {
        invocations++;
        StreamsEventResponse response = publisher.publish(event);
        String failed = response.getBatchItemFailures().isEmpty() ? null
                : response.getBatchItemFailures().get(0).getItemIdentifier();
        for (DynamodbEvent.DynamodbStreamRecord record : event.getRecords()) {
            if (record.getDynamodb().getSequenceNumber().equals(failed)) {
                break;
            }
            if (!"REMOVE".equals(record.getEventName())) {
                String pk = record.getDynamodb().getKeys().get("pk").getS();
                completed.merge(pk.substring(StreamDecisions.KEY_PREFIX.length()), 1, Integer::sum);
            }
        }
        if (crashesLeft > 0) {
            crashesLeft--;
            throw new IllegalStateException("crashed after publishing (injected)");
        }
        return response;
    }

    /** Per transaction id, how many deliveries of its decision the function completed. */
    Map<String, Integer> completed() {
        return Map.copyOf(completed);
    }

    synchronized int invocations() {
        return invocations;
    }
}
