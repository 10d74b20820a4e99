package com.example.sim.compat;

import com.example.receiver.BatchResult;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import java.lang.reflect.InvocationTargetException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A released receiver's answer (its own {@code BatchResult}, of its own class loader) read back as
 * the working tree's values, component by component through the records' accessors and the
 * outcomes' names, so that Lambda's deletes and the oracles hear both versions alike. An outcome,
 * a decision status, a duplicate's source or a retry's cause the working tree has no name for
 * fails the invocation loudly: the two versions do not speak the same answers.
 */
final class ReleasedAnswers {

    /** The working tree's {@code BatchResult} of the released {@code batch}. */
    BatchResult read(Object batch) {
        List<MessageResult> results = new ArrayList<>();
        for (Object result : (List<?>) get(batch, "results")) {
            results.add(new MessageResult((String) get(result, "messageId"), outcome(get(result, "outcome")),
                    (Boolean) get(result, "deadLettered")));
        }
        return new BatchResult(results);
    }

    private static Outcome outcome(Object released) {
        String name = released.getClass().getSimpleName();
        return switch (name) {
            case "Approved" -> new Outcome.Approved();
            case "Declined" -> new Outcome.Declined((String) get(released, "reason"));
            case "Duplicate" -> new Outcome.Duplicate(DuplicateSource.valueOf(get(released, "source").toString()),
                    decision(get(released, "original")), ((Optional<?>) get(released, "recordExpiresAt")).map(Instant.class::cast));
            case "Conflict" -> new Outcome.Conflict(fingerprint(get(released, "stored")), fingerprint(get(released, "received")));
            case "Rejected" -> new Outcome.Rejected((String) get(released, "field"), (String) get(released, "rule"));
            case "Retry" -> new Outcome.Retry(RetryCause.valueOf(get(released, "cause").toString()), (String) get(released, "detail"));
            default -> throw new IllegalStateException("the released receiver answered an outcome the working tree has no name for: " + name);
        };
    }

    private static Decision decision(Object released) {
        Decision.Status status = Decision.Status.valueOf(get(released, "status").toString());
        Optional<?> reason = (Optional<?>) get(released, "reason");
        return new Decision(status, reason.map(String.class::cast));
    }

    private static Fingerprint fingerprint(Object released) {
        return new Fingerprint((String) get(released, "hex"));
    }

    /** The record component {@code name} of {@code record}, by its accessor. */
    private static Object get(Object record, String name) {
        try {
            return record.getClass().getMethod(name).invoke(record);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(record.getClass().getName() + "." + name + " failed", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the released " + record.getClass().getName() + " has no " + name + "()", e);
        }
    }
}
