package com.example.localpayments.downstream;

import com.example.localaws.mapping.DynamoDbStreamsEventSourceMapping;
import com.example.localaws.mapping.SqsEventSourceMapping;

/**
 * What one round of the downstream functions did: one poll of the idempotency table's stream
 * (the publisher), then one of the notifications queue (the notifier).
 *
 * @param stream        the publisher's poll
 * @param notifications the notifier's poll
 */
public record Round(DynamoDbStreamsEventSourceMapping.Poll stream, SqsEventSourceMapping.Poll notifications) {

    /** Whether nothing was delivered to either function. */
    public boolean idle() {
        return stream.delivered() == 0 && notifications.received() == 0;
    }
}
