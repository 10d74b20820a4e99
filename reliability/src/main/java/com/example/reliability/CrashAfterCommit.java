package com.example.reliability;

import com.example.receiver.Outcome;
import java.util.List;
import java.util.function.Consumer;

/**
 * After a commit: on schedule, the environment crashes right after a commit that wrote something
 * (an approval or a decline, or a group of approvals committed together), before the receiver
 * could cache it or answer.
 */
final class CrashAfterCommit implements Consumer<List<Outcome>> {

    private final CrashSchedule schedule;
    private final Crash crash;

    CrashAfterCommit(CrashSchedule schedule, Crash crash) {
        this.schedule = schedule;
        this.crash = crash;
    }

    @Override
    public void accept(List<Outcome> outcomes) {
        boolean wrote = outcomes.stream().anyMatch(outcome -> outcome instanceof Outcome.Approved
                || outcome instanceof Outcome.Declined);
        if (wrote && schedule.due()) {
            crash.now();
        }
    }
}
