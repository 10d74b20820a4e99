package com.example.sim.regions;

import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.runtime.Scheduler;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The decisions' publishers of design (b), one per Region: each Region's publisher
 * ({@code payment-events}, unchanged) reads its own Region's replica's stream of the records table
 * and publishes to its own Region's topic, its event source mapping filtered on
 * {@code dynamodb.NewImage.region.S} = its Region, so each record is published by the Region whose
 * function wrote it.
 * <ul>
 *   <li>Every replica's stream holds every record: an MRSC table's stream records are the same in
 *       every replica ("How DynamoDB global tables work", Amazon DynamoDB Developer Guide,
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/V2globaltables_HowItWorks.html,
 *       its MRSC section as issue 49 read it; the stored copies we could search stop before it, so
 *       the model takes the worse reading for a publisher without the filter: every Region sees,
 *       and would publish, every record). A record reaches each Region's publisher 0.1 to 1 s after
 *       its write.</li>
 *   <li>A Region lost reads nothing: its stream keeps its records and its publisher resumes on the
 *       return, in order; a stream keeps a record 24 hours ("DynamoDB Streams ... data ... retained
 *       for 24 hours", "Change data capture for DynamoDB Streams", Amazon DynamoDB Developer Guide,
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.html), so a record
 *       older than that when read is trimmed unpublished (the runbook's replay is then its way out).</li>
 * </ul>
 */
public final class RegionalPublishers {

    /** Where each Region's publishes go: its topic, as the oracle hears it. */
    public interface Topics {
        void published(String region, String txn, String status, long at);
    }

    private static final long RETENTION_MICROS = 24L * 3_600_000_000L;

    private record Pending(long at, Map<String, AttributeValue> image) {
    }

    private final Scheduler scheduler;
    private final RegionOutages outages;
    private final IntFunction<String> names;
    private final boolean filtered;
    private final Topics topics;
    private final SplittableRandom lag;
    private final List<Deque<Pending>> streams = new ArrayList<>();
    private long published;
    private long publishedAfterReturn;
    private long trimmed;

    /**
     * @param names    each Region's name, as its functions write it in a record's {@code region}
     * @param filtered whether each mapping has the {@code region} filter (the design: yes)
     */
    public RegionalPublishers(Scheduler scheduler, RegionOutages outages, IntFunction<String> names, boolean filtered,
                              Topics topics, SplittableRandom lag) {
        this.scheduler = scheduler;
        this.outages = outages;
        this.names = names;
        this.filtered = filtered;
        this.topics = topics;
        this.lag = lag;
        for (int region = 0; region < outages.regions(); region++) {
            streams.add(new ArrayDeque<>());
        }
        scheduler.at(outages.lostUntil(), () -> drain(outages.lost()));
    }

    /** A record put in the records table: in every replica's stream, read by each Region up after the lag. */
    public void recorded(Map<String, AttributeValue> image) {
        for (int region = 0; region < streams.size(); region++) {
            int r = region;
            streams.get(r).addLast(new Pending(scheduler.now(), image));
            scheduler.at(scheduler.now() + lag.nextLong(100_000, 1_000_001), () -> drain(r));
        }
    }

    private void drain(int region) {
        if (outages.lost(region, scheduler.now())) {
            return; // read on the return
        }
        Deque<Pending> stream = streams.get(region);
        while (!stream.isEmpty()) {
            Pending record = stream.pollFirst();
            if (record.at() < scheduler.now() - RETENTION_MICROS) {
                trimmed++;
                continue;
            }
            AttributeValue writer = record.image().get(SingleWrite.REGION);
            if (filtered && (writer == null || !names.apply(region).equals(writer.s()))) {
                continue;
            }
            published++;
            if (region == outages.lost() && record.at() < outages.lostUntil() && scheduler.now() >= outages.lostUntil()) {
                publishedAfterReturn++;
            }
            topics.published(names.apply(region), record.image().get(IdempotencyRecordAttributes.PK).s().substring("PAYMENT#".length()),
                    record.image().get(IdempotencyRecordAttributes.STATUS).s(), scheduler.now());
        }
    }

    @Override
    public String toString() {
        return String.format("published=%d published_on_return=%d stream_trimmed=%d", published, publishedAfterReturn, trimmed);
    }
}
