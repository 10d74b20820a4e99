package com.example.sim.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.StillWorld;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The limits of one {@code TransactWriteItems} (at most 100 actions, one per item: the DynamoDB
 * model's {@code TransactionLimits}) on the model and on the local AWS: the same requests get the
 * same answer, and a refused one writes nothing on either. The 4 MB bound is the model's alone
 * (moto does not size a transaction): {@code TransactionLimitsTest} checks it.
 */
@ExtendWith(LocalAwsExtension.class)
class TransactionLimitsConformanceTest {

    private final LocalAws aws;

    TransactionLimitsConformanceTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void aHundredActions_oneMore_andTwoOnOneItem_areAnsweredAlike_andARefusalWritesNothing() {
        try (DynamoDbClient local = aws.dynamoDb()) {
            DynamoDbModel model = new DynamoDbModel(new StillWorld(), 40_000);
            model.createTable(ConformanceRun.LEDGER, "pk", Optional.of("sk"), Optional.empty());
            for (List<TransactWriteItem> request : List.of(puts("L101-", 101), puts("L100-", 100), twiceOnOneItem("L2-"))) {
                String prefix = request.get(0).put().item().get("pk").s().replaceAll("-.*", "-");
                // WHEN the same request goes to the local AWS and to the model
                List<String> onLocal = answerAndItems(local, request, prefix);
                List<String> onModel = answerAndItems(model, request, prefix);
                // THEN the same answer, and the same items after it
                assertEquals(onLocal, onModel, () -> "the model and the local AWS differ on " + prefix);
            }
        }
    }

    /** The call's answer (OK, or the error code), then each item of {@code prefix} the call could have written. */
    private static List<String> answerAndItems(DynamoDbClient dynamoDb, List<TransactWriteItem> request, String prefix) {
        List<String> seen = new ArrayList<>();
        try {
            dynamoDb.transactWriteItems(call -> call.transactItems(request));
            seen.add("OK");
        } catch (DynamoDbException refused) {
            seen.add(refused.statusCode() + " " + refused.awsErrorDetails().errorCode());
        }
        for (TransactWriteItem action : request) {
            Map<String, AttributeValue> item = dynamoDb.getItem(read -> read.tableName(ConformanceRun.LEDGER)
                    .key(Map.of("pk", action.put().item().get("pk"), "sk", action.put().item().get("sk"))).consistentRead(true)).item();
            if (item != null && !item.isEmpty()) {
                seen.add(item.get("pk").s() + "/" + item.get("sk").s());
            }
        }
        return seen;
    }

    private static List<TransactWriteItem> puts(String prefix, int count) {
        return IntStream.range(0, count).mapToObj(i -> put(prefix + "A" + i, "T" + i)).toList();
    }

    private static List<TransactWriteItem> twiceOnOneItem(String prefix) {
        return List.of(put(prefix + "A0", "T0"), put(prefix + "A1", "T1"), put(prefix + "A0", "T0"));
    }

    private static TransactWriteItem put(String account, String transaction) {
        return TransactWriteItem.builder().put(Put.builder().tableName(ConformanceRun.LEDGER).item(Map.of(
                "pk", AttributeValue.fromS(account), "sk", AttributeValue.fromS(transaction),
                "amount_minor", AttributeValue.fromN("1250"))).build()).build();
    }
}
