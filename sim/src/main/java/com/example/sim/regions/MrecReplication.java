package com.example.sim.regions;

import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.OnDemandCapacity;
import com.example.sim.runtime.Scheduler;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A global table in multi-Region eventual consistency (MREC) between the Regions' DynamoDB
 * replicas, each behaviour at its worse reading where AWS's pages are vague:
 * <ul>
 *   <li>every replica takes writes locally, its conditions evaluated against its own copy of the
 *       item, which may be stale when another Region wrote it last ("How DynamoDB global tables
 *       work", consistency modes, Amazon DynamoDB Developer Guide,
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/V2globaltables_HowItWorks.html);</li>
 *   <li>each applied write is sent to every other replica item by item, a transaction's items
 *       each on its own (items are replicated individually, and items updated in one transaction
 *       might not be replicated together: "Overview of global tables", AWS
 *       Prescriptive Guidance, https://docs.aws.amazon.com/prescriptive-guidance/latest/dynamodb-global-tables/overview.html);</li>
 *   <li>the lag, drawn per write and per replica: usually within one second, with no
 *       SLA for the latency (same page): 0.2 to 1 s nine times in ten, 1 to 10 s
 *       nine times in a hundred, 10 s to 5 min otherwise;</li>
 *   <li>a conflict is resolved per item, last writer wins by the write's timestamp, silently: a
 *       replicated write older than the replica's own newer write of the item is dropped (ties
 *       to the higher-numbered Region) (same page);</li>
 *   <li>a Region cut off ({@link RegionOutages}) neither sends nor receives; its writes not yet
 *       replicated are kept and propagated when it comes back, and a later write of the item in
 *       another Region suppresses them ("Evacuating a Region with DynamoDB global tables",
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-global-table-design.prescriptive-guidance.evacuation.html),
 *       each up to {@value #CATCH_UP_MINUTES} minutes after the return (the backlog drains, it does
 *       not arrive at once).</li>
 * </ul>
 * (The pages' sentences above are paraphrased: the stored copies read were translations.)
 * A replicated copy costs its replica one replicated write unit per KB ("one rWRU per replica
 * table is charged for each write up to 1KB", "Understanding Amazon DynamoDB billing for global
 * tables", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/global-tables-billing.html).
 * Time to Live's deletions are not replicated here (the regions profile's runs end before any
 * record expires).
 */
public final class MrecReplication {

    private static final long CATCH_UP_MINUTES = 10;

    private final Scheduler scheduler;
    private final List<DynamoDbModel> replicas;
    private final RegionOutages outages;
    /** Per replica: each item's last write's stamp (micros, times the Regions, plus the writing Region). */
    private final List<Map<String, Long>> stamps = new ArrayList<>();
    private long replicatedWrites;
    private long replicatedUnits;
    private long dropped;

    public MrecReplication(Scheduler scheduler, List<DynamoDbModel> replicas, RegionOutages outages) {
        this.scheduler = scheduler;
        this.replicas = List.copyOf(replicas);
        this.outages = outages;
        for (int r = 0; r < replicas.size(); r++) {
            int from = r;
            stamps.add(new HashMap<>());
            replicas.get(r).observe(write -> written(from, write));
        }
    }

    /** Writes applied to another replica by replication, one per replica reached. */
    public long replicatedWrites() {
        return replicatedWrites;
    }

    /** The write units the replicated writes cost the replicas they reached (a replicated write unit per KB). */
    public long replicatedUnits() {
        return replicatedUnits;
    }

    /** Replicated writes a newer local write won against (last writer wins). */
    public long dropped() {
        return dropped;
    }

    private void written(int from, DynamoDbModel.Write write) {
        long now = scheduler.now();
        long stamp = now * replicas.size() + from;
        Map<String, AttributeValue> item = write.after();
        String name = write.table() + "\u0001" + replicas.get(from).table(write.table()).keyOf(item);
        stamps.get(from).put(name, stamp);
        for (int to = 0; to < replicas.size(); to++) {
            if (to == from) {
                continue;
            }
            send(from, to, write.table(), name, item, stamp);
        }
    }

    /** On its way from {@code from} to {@code to}: after the lag, or once both can reach each other, then the backlog's drain. */
    private void send(int from, int to, String table, String name, Map<String, AttributeValue> item, long stamp) {
        long now = scheduler.now();
        long connected = outages.connected(from, to, now);
        long at = connected + lag()
                + (connected > now ? scheduler.random().nextLong(CATCH_UP_MINUTES * 60_000_000L) : 0);
        scheduler.at(at, () -> arrive(from, to, table, name, item, stamp));
    }

    /** One write's replication lag, micros: most under a second, a tail of minutes. */
    private long lag() {
        double draw = scheduler.random().nextDouble();
        if (draw < 0.9) {
            return scheduler.random().nextLong(200_000, 1_000_000);
        }
        return draw < 0.99 ? scheduler.random().nextLong(1_000_000, 10_000_000) : scheduler.random().nextLong(10_000_000, 300_000_000);
    }

    private void arrive(int from, int to, String table, String name, Map<String, AttributeValue> item, long stamp) {
        if (outages.cutOff(from, scheduler.now()) || outages.cutOff(to, scheduler.now())) {
            send(from, to, table, name, item, stamp); // cut off on the way: it waits for the way back
            return;
        }
        Long held = stamps.get(to).get(name);
        if (held != null && held > stamp) {
            dropped++;
            return;
        }
        stamps.get(to).put(name, stamp);
        replicas.get(to).load(table, item);
        replicatedWrites++;
        replicatedUnits += OnDemandCapacity.units(item);
    }
}
