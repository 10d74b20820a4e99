package com.example.payment.events.replay;

import com.example.payment.events.DecisionEvent;
import com.example.payment.events.DecisionImages;
import com.example.payment.events.DecisionPublisher;
import com.example.receiver.record.IdempotencyRecordAttributes;
import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Publishes again every decision of the idempotency table decided in a window, through the same
 * {@link DecisionPublisher} and the same record rules as the stream publisher. At least once per
 * decision: one published twice is absorbed by the notifier's guard, and every subscriber
 * deduplicates on {@code transaction_id}.
 *
 * <p>It reads with a paginated {@code Scan} filtered on the key prefix and on {@code processedAt}
 * (compared as text to whole seconds around the window, then exactly as instants), so it reads
 * the whole table once per window: read capacity in proportion to the table, fine for an
 * operator's recovery, not for a hot path.
 */
public final class DecisionReplay {

    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);
    /** Sorts after every character of an ISO-8601 instant's tail, so "…:05~" bounds "…:05.123Z" and "…:05Z". */
    private static final String AFTER_THE_SECOND = "~";
    /** The records' partition keys are {@code PAYMENT#<transaction id>}. */
    static final String KEY_PREFIX = "PAYMENT#";

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final DecisionPublisher publisher;
    private final PrintStream progress;

    /**
     * @param table    the idempotency table
     * @param progress one line per decision that failed, and per page read
     */
    public DecisionReplay(DynamoDbClient dynamoDb, String table, DecisionPublisher publisher, PrintStream progress) {
        this.dynamoDb = Objects.requireNonNull(dynamoDb, "dynamoDb");
        this.table = Objects.requireNonNull(table, "table");
        this.publisher = Objects.requireNonNull(publisher, "publisher");
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    /** Publishes each decision of {@code window}; a failure is reported and the rest go on. */
    public ReplayResult replay(ReplayWindow window) {
        return replay(window, transaction -> { });
    }

    /** As {@link #replay(ReplayWindow)}, telling {@code published} each transaction id it published, in order. */
    public ReplayResult replay(ReplayWindow window, Consumer<String> published) {
        int found = 0;
        int count = 0;
        List<String> failed = new ArrayList<>();
        String lower = SECONDS.format(window.from().truncatedTo(ChronoUnit.SECONDS));
        String upper = SECONDS.format(window.to().truncatedTo(ChronoUnit.SECONDS)) + AFTER_THE_SECOND;
        Iterable<Map<String, AttributeValue>> items = dynamoDb.scanPaginator(request -> request.tableName(table)
                .consistentRead(true)
                .filterExpression("begins_with(#pk, :prefix) AND #at BETWEEN :lower AND :upper")
                .expressionAttributeNames(Map.of("#pk", IdempotencyRecordAttributes.PK,
                        "#at", IdempotencyRecordAttributes.PROCESSED_AT))
                .expressionAttributeValues(Map.of(":prefix", AttributeValue.fromS(KEY_PREFIX),
                        ":lower", AttributeValue.fromS(lower), ":upper", AttributeValue.fromS(upper))))
                .items();
        for (Map<String, AttributeValue> item : items) {
            Instant processedAt = processedAt(item);
            if (processedAt != null && !window.contains(processedAt)) {
                continue;
            }
            found++;
            String key = item.get(IdempotencyRecordAttributes.PK).s();
            try {
                if (processedAt == null) {
                    throw new IllegalArgumentException("processedAt is not an ISO-8601 instant");
                }
                DecisionEvent decision = DecisionImages.read(item);
                publisher.publish(decision);
                count++;
                published.accept(decision.transactionId());
            } catch (RuntimeException e) {
                String failure = key + ": " + e.getClass().getSimpleName() + ": " + e.getMessage();
                failed.add(failure);
                progress.println("not published " + failure);
            }
        }
        return new ReplayResult(found, count, failed);
    }

    /** The record's decision time; null when it is not an instant (reported, never skipped). */
    private static Instant processedAt(Map<String, AttributeValue> item) {
        try {
            return Instant.parse(item.get(IdempotencyRecordAttributes.PROCESSED_AT).s());
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
