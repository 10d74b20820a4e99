package com.example.localpayments.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * What a queue holds beyond what a read can list, from {@code GetQueueAttributes} (SQS's
 * approximate counts): {@code visible}, {@code inFlight} (received by a reader or a consumer and
 * not yet deleted: hidden until its visibility timeout ends, so neither listed nor moved) and
 * {@code delayed}. A read that lists fewer messages than the queue holds says so with these,
 * rather than printing a silent zero.
 */
record QueueCounts(int visible, int inFlight, int delayed) {

    QueueCounts {
        if (visible < 0 || inFlight < 0 || delayed < 0) {
            throw new IllegalArgumentException("a count is never negative");
        }
    }

    static QueueCounts of(SqsClient sqs, String queueUrl) {
        Map<QueueAttributeName, String> attributes = sqs.getQueueAttributes(request -> request.queueUrl(queueUrl)
                .attributeNames(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES,
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE,
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_DELAYED)).attributes();
        return new QueueCounts(count(attributes, QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES),
                count(attributes, QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE),
                count(attributes, QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_DELAYED));
    }

    private static int count(Map<QueueAttributeName, String> attributes, QueueAttributeName name) {
        return Integer.parseInt(attributes.getOrDefault(name, "0"));
    }

    /** Whether some messages could be neither listed nor moved now. */
    boolean hidden() {
        return inFlight > 0 || delayed > 0;
    }

    /** Why a read or a move saw fewer messages than the queue holds; empty when it saw them all. */
    String why() {
        if (!hidden()) {
            return "";
        }
        return inFlight + " in flight (received by a reader or a consumer, e.g. aws sqs receive-message, and not deleted:"
                + " hidden until their visibility timeout ends, then listed and moved again) and " + delayed + " delayed";
    }

    /** The counts on {@code document}: {@code inFlight}, {@code delayed}, and {@code why} when some are hidden. */
    void addTo(ObjectNode document) {
        document.put("inFlight", inFlight);
        document.put("delayed", delayed);
        if (hidden()) {
            document.put("why", why());
        }
    }
}
