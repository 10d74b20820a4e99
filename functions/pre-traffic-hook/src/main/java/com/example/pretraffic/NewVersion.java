package com.example.pretraffic;

/** The version being deployed, invoked synchronously as its SQS event source invokes it. */
interface NewVersion {

    /**
     * Invokes the version with {@code event} (an SQS event, JSON) and returns what it answered
     * (an {@code SQSBatchResponse}, JSON).
     *
     * @throws VersionFailed when the invocation failed as a whole (Lambda's {@code FunctionError})
     */
    String invoke(String event);

    /** The invocation failed as a whole: the function threw, timed out or ran out of memory. */
    final class VersionFailed extends RuntimeException {
        VersionFailed(String message) {
            super(message);
        }
    }
}
