package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Optional;

/**
 * An SQS queue of the template. Its numbers are left as written (a literal or a {@code !Ref} to a
 * parameter): {@link Template#range} and {@link Template#defaultNumber} read them.
 *
 * @param resource the queue as written
 * @param redrive  its {@code RedrivePolicy}, if it has one (an empty one is none)
 */
public record Queue(Resource resource, Optional<RedrivePolicy> redrive) {

    /**
     * A redrive policy.
     *
     * @param deadLetterQueue the logical id its {@code deadLetterTargetArn} names
     * @param maxReceiveCount its {@code maxReceiveCount} as written
     */
    public record RedrivePolicy(String deadLetterQueue, JsonNode maxReceiveCount) {
        public RedrivePolicy {
            Objects.requireNonNull(deadLetterQueue, "deadLetterQueue");
            Objects.requireNonNull(maxReceiveCount, "maxReceiveCount");
        }
    }

    public Queue {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(redrive, "redrive");
    }

    static Queue of(Resource resource) {
        JsonNode policy = resource.property("RedrivePolicy");
        Optional<RedrivePolicy> redrive = policy.isMissingNode() || policy.isNull() ? Optional.empty() : Optional.of(new RedrivePolicy(
                Intrinsic.target(policy.path("deadLetterTargetArn")).orElseThrow(() -> new IllegalArgumentException(
                        resource.logicalId() + ": deadLetterTargetArn names no resource of the template")),
                policy.path("maxReceiveCount")));
        return new Queue(resource, redrive);
    }

    public String logicalId() {
        return resource.logicalId();
    }

    public boolean fifo() {
        return resource.property("FifoQueue").asBoolean(false);
    }

    /** {@code VisibilityTimeout} as written; missing when SQS's default applies. */
    public JsonNode visibilityTimeout() {
        return resource.property("VisibilityTimeout");
    }

    /** {@code MessageRetentionPeriod} as written; missing when SQS's default applies. */
    public JsonNode retention() {
        return resource.property("MessageRetentionPeriod");
    }

    /** {@code MaximumMessageSize} as written; missing when SQS's default applies. */
    public JsonNode maximumMessageSize() {
        return resource.property("MaximumMessageSize");
    }
}
