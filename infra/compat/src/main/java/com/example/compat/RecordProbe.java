package com.example.compat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Run in a JVM of its own with one version's code behind it ({@link RecordReaders}): reads every
 * item of the idempotency table with that version's two readers of a record, the receiver's (what a
 * duplicate is answered from: {@code IdempotencyRecord.storedIn}, which the library keeps internal,
 * hence reflection) and the publisher's ({@code DecisionImages.read}: what the stream's decision
 * message is made of). Prints one line per item a reader cannot read, {@code pk TAB reader TAB why},
 * then {@code items TAB n}. Its only dependency is the AWS SDK, which that version ships; the AWS
 * connection comes from the environment ({@code AWS_ENDPOINT_URL}, {@code AWS_REGION}, a key).
 */
public final class RecordProbe {

    static final String RECEIVER = "receiver";
    static final String PUBLISHER = "publisher";
    static final String ITEMS = "items";

    private RecordProbe() {
    }

    /** @param args the idempotency table's name */
    public static void main(String[] args) throws ReflectiveOperationException {
        Method storedIn = Class.forName("com.example.receiver.internal.dynamodb.IdempotencyRecord")
                .getDeclaredMethod("storedIn", Map.class);
        storedIn.setAccessible(true);
        Method decision = Class.forName("com.example.payment.events.DecisionImages").getMethod("read", Map.class);
        long items = 0;
        try (DynamoDbClient dynamoDb = DynamoDbClient.create()) {
            for (Map<String, AttributeValue> item : dynamoDb.scanPaginator(request -> request.tableName(args[0]).limit(TableState.PAGE)).items()) {
                items++;
                String pk = item.get("pk").s();
                if (((Optional<?>) storedIn.invoke(null, item)).isEmpty()) {
                    System.out.println(pk + "\t" + RECEIVER + "\tits status, reason or fingerprint is missing or not one it knows");
                }
                try {
                    decision.invoke(null, item);
                } catch (InvocationTargetException unreadable) {
                    System.out.println(pk + "\t" + PUBLISHER + "\t" + unreadable.getCause().getMessage());
                }
            }
        }
        System.out.println(ITEMS + "\t" + items);
    }
}
