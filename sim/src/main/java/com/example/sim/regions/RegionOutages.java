package com.example.sim.regions;

import com.example.sim.oracles.Oracles;
import java.util.SplittableRandom;

/**
 * What happens to the Regions of a run, drawn from the seed's own stream (apart from the
 * payments', so a shrunk trace keeps it): one Region lost for hours and returned, and in half the
 * seeds another Region partitioned from the others for minutes.
 * <ul>
 *   <li>A Region lost: its functions and its replica are out of reach, and an invocation in flight
 *       ends unanswered ({@code models.RegionWorld}). What its queue holds is stranded there until
 *       it returns, since an SQS queue is a resource of one Region, its URL and ARN naming it
 *       ("Amazon SQS queue and message identifiers", Amazon SQS Developer Guide,
 *       https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-queue-message-identifiers.html);
 *       its producers send elsewhere once they see it lost ({@link FailoverRoute}).</li>
 *   <li>A Region partitioned: it runs, its producers reach it, but its replica neither sends nor
 *       receives replication until the partition heals ("if a replica becomes isolated or impaired,
 *       any data not yet replicated ... will be replicated when the replica returns to health",
 *       Global tables core concepts, Amazon DynamoDB Developer Guide,
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/globaltables-CoreConcepts.html).</li>
 * </ul>
 *
 * @param regions     how many Regions the run has
 * @param lost        the Region lost
 * @param lostFrom    when it is lost, virtual micros
 * @param lostUntil   when it returns
 * @param partitioned the Region partitioned, or -1 for none
 * @param cutFrom     when the partition starts
 * @param cutUntil    when it heals
 */
public record RegionOutages(int regions, int lost, long lostFrom, long lostUntil, int partitioned, long cutFrom,
                            long cutUntil) {

    private static final long MINUTE = 60_000_000L;

    /** The outages of a run whose traffic lasts {@code trafficMicros}: a loss of 1 to 6 hours in its first 60 %. */
    public static RegionOutages draw(int regions, long trafficMicros, SplittableRandom random) {
        return draw(regions, RegionSettings.DEFAULT, trafficMicros, random);
    }

    /**
     * The outages of a run of {@code members} Regions (a witness among them) whose traffic lasts
     * {@code trafficMicros}: a loss as long as {@code settings} allow, starting in the traffic's
     * first 60 %, and in half the seeds, when they allow one, a partition of another member.
     */
    public static RegionOutages draw(int members, RegionSettings settings, long trafficMicros, SplittableRandom random) {
        int lost = random.nextInt(members);
        long lostFrom = random.nextLong(trafficMicros / 5, trafficMicros * 3 / 5);
        long lostUntil = lostFrom + minutes(settings.lossMinutes(), random);
        if (members < 3 || !settings.partitions() || random.nextBoolean()) {
            return new RegionOutages(members, lost, lostFrom, lostUntil, -1, 0, 0);
        }
        int partitioned = (lost + 1 + random.nextInt(members - 1)) % members;
        long cutFrom = random.nextLong(0, trafficMicros);
        return new RegionOutages(members, lost, lostFrom, lostUntil, partitioned, cutFrom,
                cutFrom + minutes(settings.partitionMinutes(), random));
    }

    /** A length drawn from {@code range} minutes, in micros to the micro. */
    private static long minutes(RegionSettings.Range range, SplittableRandom random) {
        return random.nextLong(range.least() * MINUTE, range.most() * MINUTE + 1);
    }

    /** Whether {@code region} is lost at {@code now}. */
    public boolean lost(int region, long now) {
        return region == lost && now >= lostFrom && now < lostUntil;
    }

    /** Whether {@code region}'s replica is cut off from the others' at {@code now} (lost, or partitioned). */
    public boolean cutOff(int region, long now) {
        return lost(region, now) || (region == partitioned && now >= cutFrom && now < cutUntil);
    }

    /** The earliest time from {@code now} at which neither {@code a} nor {@code b} is cut off. */
    public long connected(int a, int b, long now) {
        long t = now;
        for (int i = 0; i < 4 && (cutOff(a, t) || cutOff(b, t)); i++) { // each step ends one outage
            t = Math.max(end(a, t), end(b, t));
        }
        return t;
    }

    private long end(int region, long now) {
        if (lost(region, now)) {
            return lostUntil;
        }
        return region == partitioned && now >= cutFrom && now < cutUntil ? cutUntil : now;
    }

    @Override
    public String toString() {
        return "region " + lost + " lost " + Oracles.at(lostFrom) + "-" + Oracles.at(lostUntil)
                + (partitioned < 0 ? "" : ", region " + partitioned + " partitioned " + Oracles.at(cutFrom) + "-"
                + Oracles.at(cutUntil));
    }
}
