package com.example.reliability;

import com.example.receiver.Command;
import com.example.receiver.Outcome;
import com.example.receiver.internal.RemainingTime;
import com.example.receiver.internal.Store;
import java.util.List;

/**
 * A store that, on schedule, crashes the environment right after a commit that wrote something
 * (an approval or a decline, or a group of approvals committed together), before the receiver
 * could cache it or answer.
 */
final class CrashingStore<P> implements Store<P> {

    private final Store<P> delegate;
    private final CrashSchedule schedule;
    private final Crash crash;

    CrashingStore(Store<P> delegate, CrashSchedule schedule, Crash crash) {
        this.delegate = delegate;
        this.schedule = schedule;
        this.crash = crash;
    }

    @Override
    public Outcome commit(Command<P> command, RemainingTime remaining) {
        Outcome outcome = delegate.commit(command, remaining);
        crashIfDue(List.of(outcome));
        return outcome;
    }

    @Override
    public List<Outcome> commitGroup(List<Command<P>> commands, RemainingTime remaining) {
        List<Outcome> outcomes = delegate.commitGroup(commands, remaining);
        crashIfDue(outcomes);
        return outcomes;
    }

    private void crashIfDue(List<Outcome> outcomes) {
        boolean wrote = outcomes.stream().anyMatch(outcome -> outcome instanceof Outcome.Approved
                || outcome instanceof Outcome.Declined);
        if (wrote && schedule.due()) {
            crash.now();
        }
    }
}
