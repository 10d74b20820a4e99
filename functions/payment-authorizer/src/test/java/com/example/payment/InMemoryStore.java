package com.example.payment;

import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.Outcome;
import com.example.receiver.internal.RemainingTime;
import com.example.receiver.internal.Store;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A store in memory: approves a key once, then replays it, or answers a conflict. */
final class InMemoryStore implements Store<Payment> {

    private final Map<IdempotencyKey, Fingerprint> committed = new ConcurrentHashMap<>();

    @Override
    public Outcome commit(Command<Payment> command, RemainingTime remaining) {
        Fingerprint previous = committed.putIfAbsent(command.key(), command.fingerprint());
        if (previous == null) {
            return new Outcome.Approved();
        }
        return previous.equals(command.fingerprint())
                ? new Outcome.Duplicate(DuplicateSource.STORE, Decision.approved())
                : new Outcome.Conflict(previous, command.fingerprint());
    }
}
