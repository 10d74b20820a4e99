package com.example.sim.models;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntConsumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The DynamoDB stream of one table of the model, as its pages state it ("Change data capture for
 * DynamoDB Streams", Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.html):
 * <ul>
 *   <li>every item-level modification the table applied appears exactly once, and the records of
 *       one item appear in the order of its modifications: a record of each applied write
 *       ({@code INSERT} when the item was absent, else {@code MODIFY}), nothing for a refused or
 *       cancelled one;</li>
 *   <li>the view type is the template's {@code NEW_IMAGE}: the item as it was written, no old
 *       image;</li>
 *   <li>records go to shards by the item's partition key, so an item's records share a shard and
 *       its order ({@link #SHARDS} shards here, which never split);</li>
 *   <li>a record is kept 24 hours and then trimmed ("stream records ... are removed automatically
 *       after 24 hours"): a record no reader took in time is gone;</li>
 *   <li>TTL deletions appear as {@code REMOVE} records made by the service ("DynamoDB Streams and
 *       Time to Live", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/time-to-live-ttl-streams.html),
 *       with no new image.</li>
 * </ul>
 * To stay lean over days of traffic, a shard holds only the records its one reader (the event
 * source mapping, which keeps the checkpoint) has not yet passed: {@link #advance} drops them.
 */
public final class DynamoDbStream {

    /** Shards of the stream: an item's records always go to the same one. */
    public static final int SHARDS = 4;
    /** How long a record stays in the stream. */
    public static final Duration RETENTION = Duration.ofHours(24);

    /**
     * One stream record.
     *
     * @param sequence  its sequence number, increasing in the stream
     * @param shard     its shard
     * @param eventName {@code INSERT}, {@code MODIFY} or {@code REMOVE}
     * @param keys      the item's key attributes
     * @param newImage  the item after the write; empty for a {@code REMOVE}
     * @param created   when the write happened (the record's {@code ApproximateCreationDateTime})
     * @param byService whether the service made it (a TTL deletion)
     */
    public record Record(long sequence, int shard, String eventName, Map<String, AttributeValue> keys,
                         Optional<Map<String, AttributeValue>> newImage, Instant created, boolean byService) {

        /** The sequence number as the stream writes it: digits, the same width, so that text order is number order. */
        public String sequenceNumber() {
            return String.format("%021d", sequence);
        }
    }

    private final String table;
    private final World world;
    private final List<ArrayDeque<Record>> shards = new ArrayList<>();
    private final List<IntConsumer> readers = new ArrayList<>();
    private long nextSequence = 100_000_000_000L;
    private long appended;
    private long trimmed;

    private DynamoDbStream(String table, World world) {
        this.table = table;
        this.world = world;
        for (int i = 0; i < SHARDS; i++) {
            shards.add(new ArrayDeque<>());
        }
    }

    /** The stream of {@code table}: a record of each write {@code dynamoDb} applies to it, and of each TTL deletion. */
    public static DynamoDbStream of(DynamoDbModel dynamoDb, DynamoDbTable table, World world) {
        DynamoDbStream stream = new DynamoDbStream(table.name(), world);
        dynamoDb.observe(write -> {
            if (write.table().equals(table.name())) {
                stream.append(write.before().isPresent() ? "MODIFY" : "INSERT", table.keyAttributes(write.after()),
                        Optional.of(write.after()), write.at(), false);
            }
        });
        table.onExpiry((key, item) -> stream.append("REMOVE", table.keyAttributes(item), Optional.empty(),
                world.instant(), true));
        return stream;
    }

    public String table() {
        return table;
    }

    /** Tells {@code reader} the shard a record was appended to. */
    public void onAppend(IntConsumer reader) {
        readers.add(reader);
    }

    private void append(String eventName, Map<String, AttributeValue> keys, Optional<Map<String, AttributeValue>> image,
                        Instant at, boolean byService) {
        AttributeValue partition = keys.values().iterator().next();
        int shard = Math.floorMod(String.valueOf(partition.s() != null ? partition.s() : partition.n()).hashCode(), SHARDS);
        shards.get(shard).addLast(new Record(nextSequence++, shard, eventName, keys, image, at, byService));
        appended++;
        readers.forEach(reader -> reader.accept(shard));
    }

    /** Up to {@code limit} records of {@code shard} from its reader's checkpoint on, after trimming what is past retention. */
    public List<Record> read(int shard, int limit) {
        ArrayDeque<Record> records = shards.get(shard);
        Instant oldest = world.instant().minus(RETENTION);
        while (!records.isEmpty() && records.peekFirst().created().isBefore(oldest)) {
            records.pollFirst();
            trimmed++;
        }
        List<Record> batch = new ArrayList<>(Math.min(limit, records.size()));
        for (Record record : records) {
            if (batch.size() == limit) {
                break;
            }
            batch.add(record);
        }
        return batch;
    }

    /** The reader's checkpoint moves past {@code sequence}: the records up to it are done. */
    public void advance(int shard, long sequence) {
        ArrayDeque<Record> records = shards.get(shard);
        while (!records.isEmpty() && records.peekFirst().sequence() <= sequence) {
            records.pollFirst();
        }
    }

    /** Records not yet passed by the reader, in every shard. */
    public int pending() {
        return shards.stream().mapToInt(ArrayDeque::size).sum();
    }

    public long appended() {
        return appended;
    }

    /** Records trimmed at 24 hours before the reader took them. */
    public long trimmed() {
        return trimmed;
    }
}
