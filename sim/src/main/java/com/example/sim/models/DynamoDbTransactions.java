package com.example.sim.models;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/**
 * The DynamoDB model's {@code TransactWriteItems} ({@link DynamoDbModel} lists each behaviour and
 * its page): all or nothing, one cancellation reason per action, the items a transaction holds
 * from when it is applied until its answer reaches its caller (a conflict for any other write on
 * them), two write units per KB against each table's capacity, client request tokens, and the
 * limits of one transaction ({@link TransactionLimits}). The
 * model's hooks (a flawed model's writes) are called where a refused or cancelled call would write.
 */
final class DynamoDbTransactions {

    private static final String SERVICE = "dynamodb";

    private final World world;
    private final DynamoDbModel model;
    /** The items of transactions in flight: applied, their answer not yet with their caller. */
    private final Map<String, Integer> held = new HashMap<>();
    private final ClientRequestTokens tokens = new ClientRequestTokens();
    private final List<Consumer<Transaction>> observers = new ArrayList<>();

    DynamoDbTransactions(World world, DynamoDbModel model) {
        this.world = world;
        this.model = model;
    }

    /** Whether a transaction in flight holds the item of {@code lock} (table and key). */
    boolean holds(String lock) {
        return held.containsKey(lock);
    }

    /** {@code observer} is told every transaction committed, or cancelled on its items, as it is decided. */
    void observe(Consumer<Transaction> observer) {
        observers.add(observer);
    }

    /** {@code TransactWriteItems}, as {@link DynamoDbModel} documents it. */
    TransactWriteItemsResponse write(TransactWriteItemsRequest request) {
        world.toService(SERVICE, "TransactWriteItems");
        model.called();
        Instant now = world.instant();
        List<WriteAction> actions = request.transactItems().stream().map(item -> WriteAction.of(item, model::table)).toList();
        try {
            TransactionLimits.check(actions, now);
        } catch (DynamoDbException invalid) {
            world.fromService(SERVICE, "TransactWriteItems");
            throw invalid;
        }
        World.Fault fault = world.fault(SERVICE, "TransactWriteItems");
        long units = 0;
        Map<String, Map<String, Long>> byTable = new HashMap<>();
        for (WriteAction action : actions) {
            long u = 2L * OnDemandCapacity.units(action.after(action.before(now)));
            units += u;
            byTable.computeIfAbsent(action.table().name(), table -> new HashMap<>()).merge(action.key(), u, Long::sum);
        }
        Set<String> throttledTables = new HashSet<>();
        byTable.forEach((table, items) -> {
            if (!model.capacity(table).admits(now.getEpochSecond(), items.values().stream().mapToLong(Long::longValue).sum(), items)) {
                throttledTables.add(table);
            }
        });
        if (fault == World.Fault.THROTTLE) {
            throttledTables.addAll(byTable.keySet());
        } else if (fault == World.Fault.THROTTLE_LAST_TABLE && !actions.isEmpty()) {
            throttledTables.add(actions.get(actions.size() - 1).table().name());
        }
        if (fault == World.Fault.REQUEST_THROTTLED || !throttledTables.isEmpty()) {
            model.throttledCall();
            model.refused(true, () -> applyIfAllHold(actions, now));
            world.fromService(SERVICE, "TransactWriteItems");
            throw fault == World.Fault.REQUEST_THROTTLED ? DynamoDbErrors.requestThrottled()
                    : DynamoDbErrors.cancelled(reasons(actions, now, throttledTables));
        }
        if (fault == World.Fault.SERVER_ERROR_NOT_APPLIED) {
            model.refused(false, () -> applyIfAllHold(actions, now));
            world.fromService(SERVICE, "TransactWriteItems");
            throw DynamoDbErrors.serverError();
        }
        Optional<ClientRequestTokens.Seen> seen = model.honoursClientRequestTokens() ? tokens.seen(request, now) : Optional.empty();
        if (seen.isPresent()) {
            world.fromService(SERVICE, "TransactWriteItems");
            if (seen.get() == ClientRequestTokens.Seen.OTHER_REQUEST) {
                throw DynamoDbErrors.error(400, "IdempotentParameterMismatchException",
                        "Request parameters do not match the parameters of the request with the same client token");
            }
            if (seen.get() == ClientRequestTokens.Seen.IN_PROGRESS) {
                throw DynamoDbErrors.error(400, "TransactionInProgressException",
                        "The transaction with the given request token is already in progress.");
            }
            return TransactWriteItemsResponse.builder().build(); // applied before: success, nothing applied again
        }
        List<CancellationReason> reasons = reasons(actions, now, Set.of());
        boolean cancel = reasons.stream().anyMatch(reason -> !"None".equals(reason.code()));
        if (cancel) {
            model.cancelled(actions, reasons, now);
            if (fault != World.Fault.SERVER_ERROR_APPLIED) {
                told(actions, actions.stream().map(action -> action.after(action.before(now))).toList(), reasons, false, now);
            }
            world.fromService(SERVICE, "TransactWriteItems");
            throw fault == World.Fault.SERVER_ERROR_APPLIED ? DynamoDbErrors.serverError() : DynamoDbErrors.cancelled(reasons);
        }
        List<Map<String, AttributeValue>> written = new ArrayList<>(actions.size());
        for (WriteAction action : actions) {
            Optional<Map<String, AttributeValue>> old = action.before(now);
            written.add(action.after(old));
            model.apply(action.table(), action.key(), old, written.get(written.size() - 1), now);
            held.merge(action.lock(), 1, Integer::sum);
        }
        told(actions, written, reasons, true, now);
        tokens.applied(request, now);
        model.consumed(units, byTable, now);
        try {
            world.fromService(SERVICE, "TransactWriteItems");
        } finally {
            actions.forEach(action -> held.computeIfPresent(action.lock(), (lock, n) -> n > 1 ? n - 1 : null));
            tokens.answered(request);
        }
        if (fault == World.Fault.SERVER_ERROR_APPLIED) {
            throw DynamoDbErrors.serverError();
        }
        return TransactWriteItemsResponse.builder().build();
    }

    /**
     * One reason per action, in order: {@code ThrottlingError} on a throttled table,
     * {@code TransactionConflict} on an item another transaction holds, else what its condition
     * says ({@code ConditionalCheckFailed} with the old item when asked for, or {@code None}).
     */
    private List<CancellationReason> reasons(List<WriteAction> actions, Instant now, Set<String> throttledTables) {
        List<CancellationReason> reasons = new ArrayList<>();
        for (WriteAction action : actions) {
            if (throttledTables.contains(action.table().name())) {
                reasons.add(DynamoDbErrors.reason("ThrottlingError", null));
            } else if (held.containsKey(action.lock())) {
                reasons.add(DynamoDbErrors.reason("TransactionConflict", null));
            } else {
                Optional<Map<String, AttributeValue>> old = action.before(now);
                reasons.add(Expressions.holds(action.condition(), old.orElse(Map.of()), action.names(), action.values())
                        ? DynamoDbErrors.reason("None", null)
                        : DynamoDbErrors.reason("ConditionalCheckFailed", action.allOld() ? old.orElse(null) : null));
            }
        }
        return reasons;
    }

    /** The transaction decided, to the observers: each action's item as it wrote it (or would have), and its reason. */
    private void told(List<WriteAction> actions, List<Map<String, AttributeValue>> items, List<CancellationReason> reasons,
                      boolean committed, Instant now) {
        List<Transaction.Action> told = new ArrayList<>(actions.size());
        for (int i = 0; i < actions.size(); i++) {
            told.add(new Transaction.Action(actions.get(i).table().name(), items.get(i), reasons.get(i).code()));
        }
        Transaction transaction = new Transaction(committed, told, now);
        observers.forEach(observer -> observer.accept(transaction));
    }

    /** The transaction applied if every condition holds, whatever the call then answers: a flawed model's write. */
    private void applyIfAllHold(List<WriteAction> actions, Instant now) {
        boolean hold = actions.stream().allMatch(action -> Expressions.holds(action.condition(),
                action.before(now).orElse(Map.of()), action.names(), action.values()));
        if (hold) {
            for (WriteAction action : actions) {
                Optional<Map<String, AttributeValue>> old = action.before(now);
                model.apply(action.table(), action.key(), old, action.after(old), now);
            }
        }
    }
}
