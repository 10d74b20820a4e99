package com.example.receiver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** An in-memory store: approves new keys once, replays them after, and can be told to fail. */
final class FakeStore implements Store<String> {

    final Map<IdempotencyKey, Fingerprint> committed = new ConcurrentHashMap<>();
    final List<IdempotencyKey> calls = Collections.synchronizedList(new ArrayList<>());
    Function<Command<String>, Outcome> override = command -> null;

    @Override
    public Outcome commit(Command<String> command) {
        calls.add(command.key());
        Outcome forced = override.apply(command);
        if (forced != null) {
            return forced;
        }
        Fingerprint previous = committed.putIfAbsent(command.key(), command.fingerprint());
        if (previous == null) {
            return new Outcome.Approved();
        }
        return previous.equals(command.fingerprint())
                ? new Outcome.Duplicate(DuplicateSource.STORE, Decision.approved())
                : new Outcome.Conflict(previous, command.fingerprint());
    }
}
