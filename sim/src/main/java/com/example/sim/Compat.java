package com.example.sim;

import com.example.sim.compat.RecordReaders;
import com.example.sim.compat.ReleasedNotifier;
import com.example.sim.compat.ReleasedVersion;
import java.nio.file.Path;

/**
 * Two versions deciding the same payments ({@code make compat-sim}): the last release, loaded from
 * its jars ({@link ReleasedVersion}), is the alias's version 1, the working tree its version 2.
 * From the traffic's start the alias routes {@code weight} of the invocations to the working
 * tree; at {@code rollbackAt} of the traffic all goes back to the release (a rollback), at
 * {@code forwardAt} the weight moves forward again, and as the traffic ends the working tree takes
 * everything (the deploy done), so that the redeliveries and redrives after it meet the release's
 * records.
 *
 * @param release    the last release
 * @param readers    each version's record reader
 * @param notifier   the release's notifier, the decision messages' subscriber
 * @param weight     the working tree's share while both take traffic
 * @param rollbackAt when the rollback comes, a fraction of the traffic's length
 * @param forwardAt  when the weight moves forward again, a fraction of the traffic's length
 */
record Compat(ReleasedVersion release, RecordReaders readers, ReleasedNotifier notifier, double weight, double rollbackAt, double forwardAt) {

    /** The release built in {@code folder} ({@code target/last-release/<version>}), half the traffic each, rolled back from 40 % to 60 %. */
    static Compat of(Path folder) {
        ReleasedVersion release = ReleasedVersion.in(folder);
        return new Compat(release, RecordReaders.of(release), ReleasedNotifier.in(folder), 0.5, 0.4, 0.6);
    }
}
