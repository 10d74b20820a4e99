package com.example.sim.oracles;

import com.example.receiver.MessageResult;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.models.Transaction;
import com.example.sim.workload.Payment;
import java.util.List;
import java.util.Optional;

/**
 * What an {@link Oracle} observes: one typed fact of a run, as it happens (at {@link #at()},
 * virtual micros), taken from the receiver's own answers or from a model's truth, never from a
 * log line.
 */
public sealed interface Event {

    /** When it happened, in virtual micros. */
    long at();

    /**
     * The receiver's answer for one message of an invocation Lambda heard back from (its
     * {@code BatchResult}): the outcome, and whether its dead-letter channel holds it.
     *
     * @param payment the payment the message carries, by the SQS model's identity of it
     */
    record Answered(long at, SqsMessage message, Optional<Payment> payment, MessageResult result) implements Event {
    }

    /** An invocation that crashed or timed out: Lambda deletes none of its messages, each failed for no passing reason. */
    record InvocationFailed(long at, List<SqsMessage> messages) implements Event {
    }

    /**
     * A transaction the DynamoDB model decided, in its own serialization: committed, or cancelled
     * on its items. A payment's decision is taken here (its record may be put later).
     */
    record Transacted(long at, Transaction transaction) implements Event {
    }

    /** A write the DynamoDB model applied. */
    record Written(long at, DynamoDbModel.Write write) implements Event {
    }

    /**
     * A message that left a queue without a consumer's delete (expired, moved by the redrive
     * policy, or redriven), as the SQS model says.
     *
     * @param sourceQueue whether it left the payments queue (not its DLQ)
     */
    record Departed(long at, SqsQueue queue, SqsMessage message, Optional<Payment> payment, SqsQueue.Departure why,
                    boolean sourceQueue) implements Event {
    }
}
