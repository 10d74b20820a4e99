package com.example.reliability;

import com.example.receiver.Command;
import com.example.receiver.Outcome;
import com.example.receiver.Store;

/**
 * A store that, on schedule, crashes the environment right after a commit that wrote something
 * (an approval or a decline), before the receiver could cache it or answer.
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
    public Outcome commit(Command<P> command) {
        Outcome outcome = delegate.commit(command);
        boolean wrote = outcome instanceof Outcome.Approved || outcome instanceof Outcome.Declined;
        if (wrote && schedule.due()) {
            crash.now();
        }
        return outcome;
    }
}
