package com.example.receiver.internal;

import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.Outcome;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * An in-memory store: approves new keys once, replays them after, and can be told to fail. It
 * groups nothing unless {@link #group} says how many of a group it decides together.
 */
final class FakeStore implements Store<String> {

    final Map<IdempotencyKey, Fingerprint> committed = new ConcurrentHashMap<>();
    final List<IdempotencyKey> calls = Collections.synchronizedList(new ArrayList<>());
    Function<Command<String>, Outcome> override = command -> null;
    final List<List<IdempotencyKey>> groups = Collections.synchronizedList(new ArrayList<>());
    /** How many of a group's leading commands to approve together (0: none, the default). */
    Function<List<Command<String>>, Integer> group = commands -> 0;

    @Override
    public List<Outcome> commitGroup(List<Command<String>> commands, RemainingTime remaining) {
        groups.add(commands.stream().map(Command::key).toList());
        List<Outcome> decided = new ArrayList<>();
        for (Command<String> command : commands.subList(0, group.apply(commands))) {
            committed.put(command.key(), command.fingerprint());
            decided.add(new Outcome.Approved());
        }
        return decided;
    }

    @Override
    public Outcome commit(Command<String> command, RemainingTime remaining) {
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
