package com.example.receiver.internal;

import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which way each message of one lane goes, decided once, before anything is written: the one
 * place that says which messages reach the store. The grouped path ({@link Store#commitGroup})
 * takes the messages tagged {@link Tag#TO_STORE}; the one-by-one path decides each message as
 * its tag says.
 *
 * <ul>
 *   <li>A message without a command (refused unparsed, or invalid) is {@link Tag#REJECTED}.</li>
 *   <li>A key met earlier in the lane is an {@link Tag#IN_BATCH_REPLAY} of its first message
 *       ({@link #firstOfKey}), whatever the fast path knows: the first one's outcome is replayed.</li>
 *   <li>Otherwise a key the fast path knows is a {@link Tag#FAST_PATH_HIT}.</li>
 *   <li>Otherwise the message goes {@link Tag#TO_STORE}.</li>
 *   <li>On a FIFO lane, every message of a group after one of that group that fails without the
 *       store (a rejected one, or a replay or hit whose fingerprint differs: a conflict) is
 *       {@link Tag#AFTER_FIFO_STOP}: the group is redelivered in order from there. Other groups of
 *       the lane (groups writing one item share it) go on. A failure the store answers is known
 *       only as the lane runs; the receiver stops that group there too.</li>
 * </ul>
 */
final class LanePlan {

    /** Which way one message goes. */
    enum Tag {
        /** No command: decided by its refusal or its parse error. */
        REJECTED,
        /** A later message with a key met earlier in the lane: replays the first one's outcome. */
        IN_BATCH_REPLAY,
        /** A key the fast path knows: a duplicate of that decision, or a conflict. */
        FAST_PATH_HIT,
        /** A new operation: committed by the store. */
        TO_STORE,
        /** On a FIFO lane, after a message of its group that fails without the store: failed, not started. */
        AFTER_FIFO_STOP
    }

    private final List<Tag> tags;
    private final int[] firstOfKey;

    private LanePlan(List<Tag> tags, int[] firstOfKey) {
        this.tags = tags;
        this.firstOfKey = firstOfKey;
    }

    /**
     * The plan of a lane whose messages carry {@code commands} in order (empty for a message
     * without one) and belong to the FIFO message {@code groups} (each empty on a standard
     * queue), where the fast path knows {@code hits}.
     */
    static <P> LanePlan of(List<Optional<Command<P>>> commands, List<Optional<String>> groups,
                           Map<IdempotencyKey, CachedDecision> hits) {
        List<Tag> tags = new ArrayList<>(commands.size());
        int[] firstOfKey = new int[commands.size()];
        Map<IdempotencyKey, Integer> seen = new HashMap<>();
        Set<String> stopped = new HashSet<>();
        for (int i = 0; i < commands.size(); i++) {
            firstOfKey[i] = i;
            Optional<String> group = groups.get(i);
            if (group.filter(stopped::contains).isPresent()) {
                tags.add(Tag.AFTER_FIFO_STOP);
                continue;
            }
            Optional<Command<P>> command = commands.get(i);
            Tag tag;
            Optional<Fingerprint> decided = Optional.empty();
            if (command.isEmpty()) {
                tag = Tag.REJECTED;
            } else {
                Integer first = seen.putIfAbsent(command.get().key(), i);
                CachedDecision cached = hits.get(command.get().key());
                if (first != null) {
                    tag = Tag.IN_BATCH_REPLAY;
                    firstOfKey[i] = first;
                    decided = Optional.of(commands.get(first).orElseThrow().fingerprint());
                } else if (cached != null) {
                    tag = Tag.FAST_PATH_HIT;
                    decided = Optional.of(cached.fingerprint());
                } else {
                    tag = Tag.TO_STORE;
                }
            }
            tags.add(tag);
            if (tag == Tag.REJECTED
                    || decided.filter(fingerprint -> !fingerprint.equals(command.get().fingerprint())).isPresent()) {
                group.ifPresent(stopped::add);
            }
        }
        return new LanePlan(List.copyOf(tags), firstOfKey);
    }

    /** The tag of the lane's {@code index}-th message. */
    Tag tag(int index) {
        return tags.get(index);
    }

    /** For an {@link Tag#IN_BATCH_REPLAY}, the index of the first message of its key; else {@code index}. */
    int firstOfKey(int index) {
        return firstOfKey[index];
    }

    /** The indexes of the messages tagged {@link Tag#TO_STORE}, in order. */
    List<Integer> toStore() {
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < tags.size(); i++) {
            if (tags.get(i) == Tag.TO_STORE) {
                indexes.add(i);
            }
        }
        return indexes;
    }
}
