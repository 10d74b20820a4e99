package com.example.payment.events;

import java.util.Objects;
import software.amazon.awssdk.services.sqs.SqsClient;

/** Keeps unpublishable records as messages of an SQS queue (the template's alarmed {@code PaymentEventsUnpublishableQueue}). */
public final class SqsUnpublishableRecords implements UnpublishableRecords {

    private final SqsClient sqs;
    private final String queueUrl;

    public SqsUnpublishableRecords(SqsClient sqs, String queueUrl) {
        this.sqs = Objects.requireNonNull(sqs, "sqs");
        this.queueUrl = Objects.requireNonNull(queueUrl, "queueUrl");
    }

    @Override
    public void keep(UnpublishableRecord record) {
        sqs.sendMessage(request -> request.queueUrl(queueUrl).messageBody(record.toJson()));
    }
}
