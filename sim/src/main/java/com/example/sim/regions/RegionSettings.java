package com.example.sim.regions;

/**
 * How a run's Regions are made and what may happen to them: the ranges the seed's own stream
 * draws from ({@link RegionOutages}, {@link FailoverRoute}, {@link MrscGlobalTable}). {@link
 * #DEFAULT} is the regions profile's ({@code make simulate PROFILE=regions}); a swarm with a design
 * ({@code make simulate PROFILE=swarm DESIGN=...}) draws one per seed.
 *
 * @param receivers           the Regions running the receiver, each with its queues: 3 (three
 *                            replicas), or 2 and a witness as the third member of an MRSC table
 *                            ("either three replicas, or ... two replicas and one witness",
 *                            "AWS::DynamoDB::GlobalTable GlobalTableWitness", AWS CloudFormation User Guide,
 *                            https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-properties-dynamodb-globaltable-globaltablewitness.html)
 * @param lossMinutes         the shortest and longest loss of a Region
 * @param partitionMinutes    the shortest and longest partition of another Region (in half the
 *                            seeds); 0-0: none
 * @param roundTripMicros     the cross-Region round trip an MRSC write waits, least and most
 * @param failoverMinutes     how long after a Region is lost the producers (and the operators'
 *                            alarm) see it, least and most
 * @param failoverShare       the share of producers that fail over to another Region; the others
 *                            keep sending to their own and send their unheard payments again once
 *                            it is back
 * @param controlPlaneWhenCut whether a Region cut off from the others still answers its operators
 *                            (its event sources can be stopped); a lost Region never does
 */
public record RegionSettings(int receivers, Range lossMinutes, Range partitionMinutes, Range roundTripMicros,
                             Range failoverMinutes, double failoverShare, boolean controlPlaneWhenCut) {

    /** From {@code least} to {@code most}, both included. */
    public record Range(long least, long most) {

        public Range {
            if (least < 0 || least > most) {
                throw new IllegalArgumentException("a range is least-most, was " + least + "-" + most);
            }
        }

        /** {@code least-most}, as a swarm's draw names it. */
        public static Range parse(String text) {
            String[] ends = text.split("-");
            return new Range(Long.parseLong(ends[0]), Long.parseLong(ends[ends.length - 1]));
        }

        @Override
        public String toString() {
            return least + "-" + most;
        }
    }

    /** The members of an MRSC table: three, replicas or two replicas and a witness. */
    public static final int MEMBERS = 3;

    /** The regions profile's: three replicas, a loss of 1 to 6 h, a partition of 5 to 60 min, every producer failing over. */
    public static final RegionSettings DEFAULT = new RegionSettings(3, new Range(60, 360), new Range(5, 60),
            new Range(MrscGlobalTable.ROUND_TRIP_MIN_MICROS, MrscGlobalTable.ROUND_TRIP_MAX_MICROS), new Range(1, 10), 1.0, true);

    public RegionSettings {
        if (receivers < 2 || receivers > MEMBERS) {
            throw new IllegalArgumentException("receivers " + receivers + ": 2 (and a witness) or 3");
        }
        if (failoverShare < 0 || failoverShare > 1) {
            throw new IllegalArgumentException("failoverShare " + failoverShare);
        }
    }

    /** Whether the third member is a witness: it votes on writes, holds no queue and runs no receiver. */
    public boolean witness() {
        return receivers < MEMBERS;
    }

    /** Whether a partition may be drawn at all. */
    public boolean partitions() {
        return partitionMinutes.most() > 0;
    }

    @Override
    public String toString() {
        return receivers + (witness() ? " Regions and a witness" : " Regions") + ", loss " + lossMinutes
                + " min, partition " + (partitions() ? partitionMinutes + " min" : "none")
                + ", round trip " + roundTripMicros.least() / 1000 + "-" + roundTripMicros.most() / 1000 + " ms, failover after "
                + failoverMinutes + " min by " + Math.round(failoverShare * 100)
                + " % of producers, control plane when cut off: " + (controlPlaneWhenCut ? "answers" : "silent");
    }
}
