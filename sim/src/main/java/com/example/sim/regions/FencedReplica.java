package com.example.sim.regions;

import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.World;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Design (c)'s fence: one Region's replica of an MREC global table whose every transaction that
 * writes an account item conditions, in the same transaction, on the account being homed in this
 * Region at the epoch the operators granted it ({@link HomeRegions#HOME}, {@link HomeRegions#EPOCH}). A
 * transaction the fence refuses is answered {@code TransactionConflict} on the account's action,
 * which the receiver retries, never {@code ConditionalCheckFailed}, which it would take for a
 * decline: the design's receiver tells its fence from its funds check by the item DynamoDB returns
 * with the failed condition. As every condition on MREC, the fence is evaluated against this
 * Region's copy of the item: a stale copy passes it, which is why a returning Region stays fenced
 * until its replica holds the moved homes ({@link HomeRegions}). A decline's record alone (the
 * receiver's put after its transaction failed) carries no fence: it follows a transaction whose
 * fence held and whose funds check failed.
 */
public final class FencedReplica extends DynamoDbModel {

    private static final String NAME = "#fenceHome";
    private static final String VALUE = ":fenceHome";

    private static final String EPOCH_NAME = "#fenceEpoch";
    private static final String EPOCH_VALUE = ":fenceEpoch";

    private final World world;
    private final String accounts;
    private final String accountKey;
    private final int region;
    private final HomeRegions homes;
    private long refused;

    /**
     * @param accounts   the accounts table's name
     * @param accountKey its partition key's attribute
     * @param region     the Region this replica is in
     * @param homes      the epochs at which each account was homed in this Region
     */
    public FencedReplica(World world, long warmWriteUnits, String accounts, String accountKey, int region, HomeRegions homes) {
        super(world, warmWriteUnits);
        this.world = world;
        this.accounts = accounts;
        this.accountKey = accountKey;
        this.region = region;
        this.homes = homes;
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        List<TransactWriteItem> fenced = new ArrayList<>();
        int accountAction = -1;
        for (TransactWriteItem item : request.transactItems()) {
            if (item.update() != null && item.update().tableName().equals(accounts)) {
                accountAction = fenced.size();
                fenced.add(item.toBuilder().update(fence(item.update())).build());
            } else {
                fenced.add(item);
            }
        }
        try {
            return super.transactWriteItems(request.toBuilder().transactItems(fenced).build());
        } catch (TransactionCanceledException cancelled) {
            if (accountAction < 0 || homedHere(fenced.get(accountAction).update())) {
                throw cancelled;
            }
            refused++;
            throw asConflict(cancelled, accountAction);
        }
    }

    /** Transactions the fence refused: the account not homed here at the epoch granted. */
    public long refused() {
        return refused;
    }

    private Update fence(Update update) {
        Map<String, String> names = new HashMap<>(update.expressionAttributeNames());
        names.put(NAME, HomeRegions.HOME);
        names.put(EPOCH_NAME, HomeRegions.EPOCH);
        Map<String, AttributeValue> values = new HashMap<>(update.expressionAttributeValues());
        values.put(VALUE, AttributeValue.fromN(Integer.toString(region)));
        values.put(EPOCH_VALUE, AttributeValue.fromN(Long.toString(
                homes.grantedEpoch(region, update.key().get(accountKey).s()))));
        String fence = NAME + " = " + VALUE + " AND " + EPOCH_NAME + " = " + EPOCH_VALUE;
        String condition = update.conditionExpression() == null ? fence : "(" + update.conditionExpression() + ") AND " + fence;
        return update.toBuilder().conditionExpression(condition).expressionAttributeNames(names)
                .expressionAttributeValues(values).build();
    }

    /** Whether this replica's copy of the account item says it is homed here now. */
    private boolean homedHere(Update update) {
        Optional<Map<String, AttributeValue>> account = table(accounts).get(
                table(accounts).keyOf(Map.of(accountKey, update.key().get(accountKey))), world.instant());
        String id = update.key().get(accountKey).s();
        return account.map(item -> HomeRegions.home(item) == region
                && HomeRegions.epoch(item) == homes.grantedEpoch(region, id)).orElse(false);
    }

    private static TransactionCanceledException asConflict(TransactionCanceledException cancelled, int action) {
        List<CancellationReason> reasons = new ArrayList<>(cancelled.cancellationReasons());
        reasons.set(action, CancellationReason.builder().code("TransactionConflict").build());
        String message = "Transaction cancelled, please refer cancellation reasons for specific reasons "
                + reasons.stream().map(CancellationReason::code).toList();
        return (TransactionCanceledException) cancelled.toBuilder().message(message)
                .awsErrorDetails(cancelled.awsErrorDetails().toBuilder().errorMessage(message).build())
                .cancellationReasons(reasons).build();
    }
}
