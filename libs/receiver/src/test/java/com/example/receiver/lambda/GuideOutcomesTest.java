package com.example.receiver.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.example.receiver.testkit.Fault;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.BatchResult;
import com.example.receiver.MessageResult;
import com.example.receiver.fixtures.LibraryGuide;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.seats.Booking;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * docs/library.md's table of what the receiver answers SQS for each outcome (acknowledged, batch
 * item failure, dead-lettered), without a dead-letter queue and with one, against what the
 * receiver answers: each outcome made by the seat bookings on the local AWS, one message per
 * batch, its answer read from the batch response and the result's {@code deadLettered}; with a
 * queue, the dead letters counted in it too. A row the receiver does not bear out fails.
 */
@ExtendWith(LocalAwsExtension.class)
class GuideOutcomesTest {

    /** The header of the guide's table, by which it is found. */
    static final String HEADER = "| outcome | without a dead-letter queue | with `DEAD_LETTER_QUEUE_URL` |";
    /** Every outcome the table must have a row for. */
    static final List<String> OUTCOMES = List.of("APPROVED", "DECLINED", "DUPLICATE", "CONFLICT", "REJECTED", "RETRY");

    /** Every attempt fails: more than the SDK's retries make. */
    private static final int EVERY_ATTEMPT = 10_000;

    private final LocalAws aws;
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    GuideOutcomesTest(LocalAws aws) {
        this.aws = aws;
    }

    @AfterEach
    void clearFaults() {
        aws.moto().clearFaults();
    }

    @Test
    void theGuidesOutcomeTable_isWhatTheReceiverAnswers_withAndWithoutADeadLetterQueue() {
        Map<String, List<String>> documented = table(LibraryGuide.text());
        Map<String, List<String>> answered = new LinkedHashMap<>();
        Map<String, String> without = answers(false);
        Map<String, String> with = answers(true);
        OUTCOMES.forEach(outcome -> answered.put(outcome, List.of(without.get(outcome), with.get(outcome))));
        assertEquals(documented, answered);
    }

    /** Each outcome's answer, made one message per batch; with a dead-letter queue, checked against what it holds. */
    private Map<String, String> answers(boolean deadLetterQueue) {
        String suffix = run + (deadLetterQueue ? "-dlq" : "");
        String queue = aws.sqs().createQueue(request -> request.queueName("outcomes-" + suffix)).queueUrl();
        SeatReceiver.Setup setup = SeatReceiver.on(aws);
        if (deadLetterQueue) {
            setup.set(ReceiverVariables.DEAD_LETTER_QUEUE_URL, queue);
        }
        Map<String, String> answers = new LinkedHashMap<>();
        try (SeatReceiver receiver = setup.build()) {
            String booking = "BKG-1-" + suffix;
            answers.put("APPROVED", answer(receiver, "APPROVED", Booking.body(booking, "EVT-1", "A1")));
            answers.put("DUPLICATE", answer(receiver, "DUPLICATE", Booking.body(booking, "EVT-1", "A1")));
            answers.put("DECLINED", answer(receiver, "DECLINED", Booking.body("BKG-2-" + suffix, "EVT-1", "A1")));
            answers.put("CONFLICT", answer(receiver, "CONFLICT", Booking.body(booking, "EVT-1", "A2")));
            answers.put("REJECTED", answer(receiver, "REJECTED", "not a booking"));
            String failing = "BKG-3-" + suffix;
            aws.moto().inject(Fault.internalError("TransactWriteItems", failing, EVERY_ATTEMPT));
            answers.put("RETRY", answer(receiver, "RETRY", Booking.body(failing, "EVT-1", "A3")));
        }
        long dead = answers.values().stream().filter("dead-lettered"::equals).count();
        assertEquals(dead, aws.sqs().receiveMessage(request -> request.queueUrl(queue).maxNumberOfMessages(10)
                .waitTimeSeconds(1)).messages().size(), "the dead-letter queue holds every message answered dead-lettered");
        return answers;
    }

    /** What the receiver answers SQS for {@code body}, which must end in {@code outcome}. */
    private static String answer(SeatReceiver receiver, String outcome, String body) {
        BatchResult decided = receiver.decide(SqsEvents.of(body));
        MessageResult result = decided.results().getFirst();
        assertEquals(outcome, result.outcome().getClass().getSimpleName().toUpperCase(Locale.ROOT), result::toString);
        SQSBatchResponse response = IdempotentReceiver.batchResponse(decided);
        boolean failed = response.getBatchItemFailures().stream()
                .anyMatch(failure -> failure.getItemIdentifier().equals(result.messageId()));
        return failed ? (result.deadLettered() ? "dead-lettered and a batch item failure" : "batch item failure")
                : result.deadLettered() ? "dead-lettered" : "acknowledged";
    }

    /** The guide's table: each outcome's answers without and with a dead-letter queue. */
    static Map<String, List<String>> table(String guide) {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        List<String> lines = guide.lines().toList();
        int header = lines.indexOf(HEADER);
        if (header < 0) {
            throw new AssertionError(LibraryGuide.PATH + " has no table headed " + HEADER);
        }
        for (String line : lines.subList(header + 2, lines.size())) {
            if (!line.startsWith("|")) {
                break;
            }
            String[] cells = line.split("\\|");
            rows.put(cells[1].strip().replace("`", "").split("[ (]")[0], List.of(cells[2].strip(), cells[3].strip()));
        }
        return rows;
    }
}
