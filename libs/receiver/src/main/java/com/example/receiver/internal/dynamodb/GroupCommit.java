package com.example.receiver.internal.dynamodb;

import com.example.receiver.Command;
import com.example.receiver.Outcome;
import com.example.receiver.dynamodb.TransactionalEffect;
import com.example.receiver.internal.RemainingTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A run of new operations of one lane committed together ({@link DynamoDbStore#commitGroup}):
 * <ul>
 *   <li>one {@code TransactWriteItems} for all of them when the domain can
 *       {@link TransactionalEffect#groupWrites merge} their writes: every record, then the merged
 *       writes, cut into several transactions only beyond DynamoDB's limits ({@link GroupChunks},
 *       {@link TransactionSize});</li>
 *   <li>a cancellation in which records failed is explained from their {@code ALL_OLD} items first,
 *       whatever else failed beside them: those operations were decided before and are decided
 *       exactly as {@link DynamoDbStore#commit} would decide each (a duplicate writes nothing), and
 *       the rest are tried together again. A redelivered hot batch so costs two transactions, not
 *       one per message, although its merged writes fail too (the seat is taken by the very
 *       booking redelivered);</li>
 *   <li>a group refused for a passing reason is tried again whole, never multiplied into one call
 *       per operation (that would only add load to a throttled table or a contended item); so is
 *       a group whose merged writes failed their conditions beside a passing reason while no
 *       record failed (the actions that did not speak are asked again); what the budget does not
 *       outlast is a retry for all of its operations;</li>
 *   <li>no transaction starts, neither a chunk nor a round of the rest, once the invocation's
 *       time reserve is reached ({@link RetryPolicy}): the outcomes decided so far are the prefix,
 *       and the caller ends the rest as out-of-time retries;</li>
 *   <li>a cancellation with no failed record, or a refusal unrun (a 4xx), is not explained: its
 *       operations go back to the caller to be committed one by one, which decides each exactly as
 *       the sequential path does. A group whose outcome is unknown is a retry for all.</li>
 * </ul>
 *
 * @param <P> the domain's payload type
 */
final class GroupCommit<P> {

    private final TransactionalEffect<P> effect;
    private final Records<P> records;
    private final Transactions transactions;

    GroupCommit(TransactionalEffect<P> effect, Records<P> records, Transactions transactions) {
        this.effect = effect;
        this.records = records;
        this.transactions = transactions;
    }

    /** The outcomes decided together, in order: a prefix of {@code commands}, the rest the caller's. */
    List<Outcome> commit(List<Command<P>> commands, RemainingTime remaining) {
        List<Outcome> decided = new ArrayList<>();
        for (List<Command<P>> chunk : GroupChunks.of(commands, this::fits)) {
            Outcome[] outcomes = commitChunk(chunk, remaining);
            for (Outcome outcome : outcomes) {
                if (outcome == null) {
                    return decided;
                }
                decided.add(outcome);
            }
            if (Arrays.stream(outcomes).anyMatch(outcome -> !outcome.acknowledged())) {
                return decided; // the sequential run of a FIFO group would stop here
            }
        }
        return decided;
    }

    /** Commits the undecided operations of {@code chunk} together until all are decided or the group cannot go on (null where undecided). */
    private Outcome[] commitChunk(List<Command<P>> chunk, RemainingTime remaining) {
        Outcome[] outcomes = new Outcome[chunk.size()];
        boolean tryTheRestTogether = true;
        while (tryTheRestTogether) {
            List<Integer> open = new ArrayList<>();
            for (int i = 0; i < chunk.size(); i++) {
                if (outcomes[i] == null) {
                    open.add(i);
                }
            }
            List<Command<P>> group = open.stream().map(chunk::get).toList();
            Optional<List<TransactWriteItem>> writes = group.size() < 2 ? Optional.empty() : effect.groupWrites(group);
            if (writes.isEmpty()) {
                return outcomes;
            }
            if (!transactions.mayStart(remaining)) {
                return outcomes; // the time reserve is reached: no call starts, the rest are the caller's
            }
            tryTheRestTogether = switch (transactions.transact(now -> records.groupTransaction(group, writes.get(), now),
                    reasons -> reasons.anyRecordFailed(group.size()), remaining)) {
                case Transacted.Committed committed -> {
                    open.forEach(i -> outcomes[i] = new Outcome.Approved());
                    yield false;
                }
                case Transacted.Cancelled cancelled -> decideExisting(cancelled.reasons(), group, open, outcomes);
                case Transacted.Refused refused -> false;
                case Transacted.Unknown unknown -> {
                    open.forEach(i -> outcomes[i] = unknown.retry());
                    yield false;
                }
            };
        }
        return outcomes;
    }

    /**
     * Decides the operations whose record failed from their stored items into {@code outcomes} (at
     * {@code open}'s indexes); whether the rest is to be tried together again: not when no record
     * failed (nothing is explained), nor after a conflict (nothing after it is committed before the
     * caller sees it). At least one is decided whenever it answers yes.
     */
    private boolean decideExisting(CancellationReasons reasons, List<Command<P>> group, List<Integer> open,
                                   Outcome[] outcomes) {
        if (!reasons.anyRecordFailed(group.size())) {
            return false;
        }
        boolean conflict = false;
        for (int g = 0; g < group.size(); g++) {
            if (reasons.failedCondition(g)) {
                outcomes[open.get(g)] = Records.fromStoredRecord(reasons.item(g), group.get(g));
                conflict |= !outcomes[open.get(g)].acknowledged();
            }
        }
        return !conflict;
    }

    private boolean fits(List<Command<P>> group) {
        return effect.groupWrites(group)
                .map(writes -> TransactionSize.fits(records.groupTransaction(group, writes, transactions.now())))
                .orElse(false);
    }
}
