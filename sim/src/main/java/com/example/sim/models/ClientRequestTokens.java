package com.example.sim.models;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * DynamoDB's memory of {@code TransactWriteItems} client request tokens ("TransactWriteItems",
 * request parameter ClientRequestToken, Amazon DynamoDB API Reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html#DDB-TransactWriteItems-request-ClientRequestToken):
 * "multiple identical calls have the same effect as one single call"; a token "is valid for 10
 * minutes after the first request that uses it is completed", then the same token is a new
 * request; the same token with "a change in other parameters within the 10-minute idempotency
 * window" is an {@code IdempotentParameterMismatch}; and while the first request with a token is
 * still in progress, another with it is a {@code TransactionInProgressException}, "The transaction
 * with the given request token is already in progress" (Errors, same page). The model's request is in
 * progress from when it is applied until its answer reaches its caller (the time its items are held,
 * {@link DynamoDbTransactions}), which a client's timed-out attempt can outlive ({@link SdkRetries}).
 * The model remembers the tokens of applied transactions only: a cancelled or refused one changed
 * nothing, so its retry runs anew.
 */
final class ClientRequestTokens {

    static final Duration WINDOW = Duration.ofMinutes(10);

    /** What a token seen within the window says about this request. */
    enum Seen { SAME_REQUEST, OTHER_REQUEST, IN_PROGRESS }

    private record Use(int request, Instant at) {
    }

    /** Applied tokens in the order they were applied, so that the expired ones are at the head. */
    private final LinkedHashMap<String, Use> applied = new LinkedHashMap<>();
    /** Tokens of applied requests whose answer has not reached their caller yet. */
    private final Set<String> inProgress = new HashSet<>();

    /** Whether the request's token was applied within the window, and with this request or another. */
    Optional<Seen> seen(TransactWriteItemsRequest request, Instant now) {
        expire(now);
        if (request.clientRequestToken() == null) {
            return Optional.empty();
        }
        if (inProgress.contains(request.clientRequestToken())) {
            return Optional.of(Seen.IN_PROGRESS);
        }
        Use use = applied.get(request.clientRequestToken());
        if (use == null) {
            return Optional.empty();
        }
        return Optional.of(use.request() == withoutToken(request) ? Seen.SAME_REQUEST : Seen.OTHER_REQUEST);
    }

    /** The request was applied now: in progress until {@link #answered}, its token counting for 10 minutes after that. */
    void applied(TransactWriteItemsRequest request, Instant now) {
        if (request.clientRequestToken() != null) {
            applied.remove(request.clientRequestToken());
            applied.put(request.clientRequestToken(), new Use(withoutToken(request), now));
            inProgress.add(request.clientRequestToken());
        }
    }

    /** The applied request's answer reached its caller (or its caller is gone): no longer in progress. */
    void answered(TransactWriteItemsRequest request) {
        if (request.clientRequestToken() != null) {
            inProgress.remove(request.clientRequestToken());
        }
    }

    private void expire(Instant now) {
        Instant oldest = now.minus(WINDOW);
        for (Iterator<Map.Entry<String, Use>> uses = applied.entrySet().iterator(); uses.hasNext(); ) {
            if (!uses.next().getValue().at().isBefore(oldest)) {
                return;
            }
            uses.remove();
        }
    }

    /** The request's parameters but its token: what "the same request" compares. */
    private static int withoutToken(TransactWriteItemsRequest request) {
        return request.toBuilder().clientRequestToken(null).build().hashCode();
    }
}
