package com.example.payment.events.replay;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.Set;

/**
 * The transactions a skipped stream batch held: what Lambda's on-failure record
 * ({@code DDBStreamBatchInfo}) names by shard and sequence numbers, read back as transaction ids.
 * Empty when they can no longer be told (the stream keeps records 24 hours), in which case the
 * replay says it cannot tell which decisions of its window were published before.
 */
@FunctionalInterface
public interface BatchTransactions {

    /** Tells nothing: every decision of a window is reported as covered, none as published before. */
    BatchTransactions UNREAD = info -> Optional.empty();

    /**
     * @param batchInfo the on-failure record's {@code DDBStreamBatchInfo}
     * @return the transaction ids of the batch's records, or empty when they cannot be read
     */
    Optional<Set<String>> of(JsonNode batchInfo);
}
