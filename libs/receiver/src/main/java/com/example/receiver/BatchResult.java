package com.example.receiver;

import java.util.List;

/**
 * The outcomes of a batch, in the order the messages came.
 *
 * @param results one per delivered message
 */
public record BatchResult(List<MessageResult> results) {

    /** Checks the components as the record is made: none missing, and each rule above. */
    public BatchResult {
        results = List.copyOf(results);
    }

    /**
     * The ids of the deliveries that must not be deleted from the queue.
     *
     * @return the message ids of the outcomes that are not acknowledged, in order
     */
    public List<String> failedMessageIds() {
        return results.stream()
                .filter(result -> !result.acknowledged())
                .map(MessageResult::messageId)
                .toList();
    }
}
