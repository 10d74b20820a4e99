package com.example.payment.events.replay;

import com.example.receiver.record.IdempotencyRecordAttributes;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A skipped batch's transactions read back from the idempotency table's stream: from its
 * {@code startSequenceNumber} ({@code AT_SEQUENCE_NUMBER}) to its {@code endSequenceNumber} in its
 * shard, each record's key {@code PAYMENT#<transaction id>}. Needs {@code dynamodb:GetShardIterator}
 * and {@code dynamodb:GetRecords} on the stream. Records older than the stream's 24 hours are
 * trimmed ("Change data capture for DynamoDB Streams", DynamoDB Developer Guide): then, as on any
 * error, it tells nothing.
 */
public final class StreamBatchTransactions implements BatchTransactions {

    /** Pages read at most per batch: a batch is at most 10 000 records, 1 000 a page. */
    private static final int MAX_PAGES = 20;

    private final DynamoDbStreamsClient streams;

    public StreamBatchTransactions(DynamoDbStreamsClient streams) {
        this.streams = Objects.requireNonNull(streams, "streams");
    }

    @Override
    public Optional<Set<String>> of(JsonNode batchInfo) {
        String streamArn = batchInfo.path("streamArn").asText("");
        String shardId = batchInfo.path("shardId").asText("");
        String start = batchInfo.path("startSequenceNumber").asText("");
        String end = batchInfo.path("endSequenceNumber").asText("");
        if (streamArn.isEmpty() || shardId.isEmpty() || !start.matches("[0-9]+") || !end.matches("[0-9]+")) {
            return Optional.empty();
        }
        BigInteger last = new BigInteger(end);
        Set<String> transactions = new LinkedHashSet<>();
        try {
            String iterator = streams.getShardIterator(request -> request.streamArn(streamArn).shardId(shardId)
                    .shardIteratorType(ShardIteratorType.AT_SEQUENCE_NUMBER).sequenceNumber(start)).shardIterator();
            for (int page = 0; page < MAX_PAGES && iterator != null; page++) {
                String current = iterator;
                GetRecordsResponse records = streams.getRecords(request -> request.shardIterator(current));
                for (Record record : records.records()) {
                    if (new BigInteger(record.dynamodb().sequenceNumber()).compareTo(last) > 0) {
                        return Optional.of(transactions);
                    }
                    AttributeValue key = record.dynamodb().keys().get(IdempotencyRecordAttributes.PK);
                    if (key != null && key.s() != null && key.s().startsWith(DecisionReplay.KEY_PREFIX)) {
                        transactions.add(key.s().substring(DecisionReplay.KEY_PREFIX.length()));
                    }
                }
                if (records.records().isEmpty()) {
                    break;
                }
                iterator = records.nextShardIterator();
            }
        } catch (SdkException unreadable) {
            return Optional.empty();
        }
        return transactions.isEmpty() ? Optional.empty() : Optional.of(transactions);
    }
}
