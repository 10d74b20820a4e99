package com.example.sim.models;

import java.time.Instant;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;

/**
 * The DynamoDB model made wrong on purpose, one {@link Flaw} at a time, to show that conformance
 * (and the SDK's retries' test) catches a model that departs from DynamoDB. Test code only: no run
 * of the simulation uses it.
 */
public final class FlawedDynamoDbModel extends DynamoDbModel {

    /** A deliberate departure from DynamoDB. */
    public enum Flaw {
        /** The model as AWS documents it. */
        NONE,
        /** A cancelled transaction still writes its actions whose conditions held: not all or nothing. */
        PARTIAL_TRANSACTIONS,
        /** A throttled call is applied anyway (its conditions holding), then refused. */
        THROTTLED_CALLS_APPLIED,
        /** A 500 said to come before the write comes after it. */
        SERVER_ERRORS_AFTER_THE_WRITE,
        /** A {@code ClientRequestToken} seen before is not recognised: a retry is a new transaction. */
        CLIENT_REQUEST_TOKENS_IGNORED
    }

    private final Flaw flaw;

    public FlawedDynamoDbModel(World world, long warmWriteUnits, Flaw flaw) {
        super(world, warmWriteUnits);
        this.flaw = flaw;
    }

    @Override
    void refused(boolean throttling, Runnable theWrite) {
        if (throttling ? flaw == Flaw.THROTTLED_CALLS_APPLIED : flaw == Flaw.SERVER_ERRORS_AFTER_THE_WRITE) {
            theWrite.run();
        }
    }

    @Override
    void cancelled(List<WriteAction> actions, List<CancellationReason> reasons, Instant now) {
        if (flaw == Flaw.PARTIAL_TRANSACTIONS) {
            for (int i = 0; i < actions.size(); i++) {
                if ("None".equals(reasons.get(i).code())) {
                    apply(actions.get(i), now);
                }
            }
        }
    }

    @Override
    boolean honoursClientRequestTokens() {
        return flaw != Flaw.CLIENT_REQUEST_TOKENS_IGNORED;
    }
}
