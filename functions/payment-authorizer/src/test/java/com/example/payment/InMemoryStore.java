package com.example.payment;

import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.Outcome;
import com.example.receiver.testing.TestStore;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/** A store in memory, the test kit's: approves a key once, then replays it, or answers a conflict. */
public final class InMemoryStore implements TestStore<Payment> {

    private final Map<IdempotencyKey, Fingerprint> committed = new ConcurrentHashMap<>();

    @Override
    public Outcome commit(Command<Payment> command, Supplier<Duration> remaining) {
        Fingerprint previous = committed.putIfAbsent(command.key(), command.fingerprint());
        if (previous == null) {
            return new Outcome.Approved();
        }
        return previous.equals(command.fingerprint())
                ? new Outcome.Duplicate(DuplicateSource.STORE, Decision.approved())
                : new Outcome.Conflict(previous, command.fingerprint());
    }
}
