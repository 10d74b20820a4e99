package com.example.reliability;

/**
 * What the stream publisher behind ours did, audited from the idempotency table and the topic.
 *
 * @param decisions             final records in the idempotency table (the publisher's input)
 * @param neverPublished        final records whose decision never reached the topic
 * @param publishedMoreThanOnce decisions on the topic more than once (at-least-once delivery)
 * @param publishes             messages on the topic in all
 * @param onFailureBatches      stream batches whose retries ran out, sent to the on-failure queue
 * @param injectedFailures      publishes the topic refused
 */
record Publishing(int decisions, int neverPublished, int publishedMoreThanOnce, int publishes, int onFailureBatches,
                  int injectedFailures) {

    Publishing {
        if (decisions < 0 || neverPublished < 0 || publishedMoreThanOnce < 0 || publishes < 0 || onFailureBatches < 0
                || injectedFailures < 0) {
            throw new IllegalArgumentException("counts are never negative");
        }
    }
}
